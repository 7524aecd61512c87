// The projector's seating screen: one page of names at a time, the next every few
// seconds, round and round, so everyone finds their name without touching anything.
// The pages come from the server (#seating-pages, data-pages); a refresh swaps them in
// and the page shown is kept where it still exists.
(function () {
  var FLIP_MS = 12000;
  var shown = 0;
  function show() {
    var pages = document.querySelectorAll('#seating-pages .seating-page');
    if (shown >= pages.length) { shown = 0; }
    for (var i = 0; i < pages.length; i++) { pages[i].hidden = i !== shown; }
    return pages.length;
  }
  function flip() {
    var count = document.querySelectorAll('#seating-pages .seating-page').length;
    shown = count > 1 ? (shown + 1) % count : 0;
    show();
    window.setTimeout(flip, FLIP_MS);
  }
  window.setTimeout(flip, FLIP_MS);
  document.body.addEventListener('htmx:afterSwap', show);
  document.body.addEventListener('click', function (event) {
    if (event.target && event.target.id === 'go-full-screen' && document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen();
    }
  });
})();
