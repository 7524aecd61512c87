// "Hands per round" only matters when a round is a fixed number of hands, and
// "Game to" only when a round is one game: show each with the choice it belongs to.
// A field that holds an error stays visible so the organiser can see what to fix.
(function () {
  var radios = document.querySelectorAll('input[name="round_play"]');
  var parts = document.querySelectorAll('[data-round-play]');
  if (!radios.length || !parts.length) { return; }
  function sync() {
    var chosen = document.querySelector('input[name="round_play"]:checked');
    parts.forEach(function (part) {
      var erred = part.querySelector('.has-errors');
      part.hidden = !erred && (!chosen || part.dataset.roundPlay !== chosen.value);
    });
  }
  radios.forEach(function (radio) { radio.addEventListener('change', sync); });
  sync();
})();
