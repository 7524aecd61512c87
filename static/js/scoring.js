// A passed hand has no maker, trump or tricks: hide those fields so nobody fills them
// in by mistake (the server ignores them either way). Run again on each part htmx
// swaps in, since a saved hand brings a fresh form.
(function () {
  function syncPassed(root) {
    var passed = root.querySelector('input[name="passed"]');
    var played = root.querySelector('.scoring-played');
    if (!passed || !played) { return; }
    function sync() { played.hidden = passed.checked; }
    passed.addEventListener('change', sync);
    sync();
  }
  // A tapped hand is sent once: its form holds still until the answer is in (the
  // idempotency key stores a repeat once anyway).
  function busy(event, on) {
    var form = event.detail && event.detail.elt;
    if (!form || !form.matches || !form.matches('form[data-hand-entry]')) { return; }
    form.classList.toggle('is-saving', on);
    if (on) { form.setAttribute('aria-busy', 'true'); } else { form.removeAttribute('aria-busy'); }
  }
  document.addEventListener('htmx:beforeRequest', function (event) { busy(event, true); });
  document.addEventListener('htmx:afterRequest', function (event) { busy(event, false); });
  if (window.htmx) {
    window.htmx.onLoad(syncPassed);
  } else {
    syncPassed(document);
  }
})();
