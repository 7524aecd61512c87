// The projector page: a long list drifts down slowly, rests at the bottom, then starts
// over from the top, so everyone in the room finds their name without touching anything.
(function () {
  var box = document.getElementById('projector-scroll');
  var pause = 150;
  function step() {
    if (box.scrollHeight > box.clientHeight + 4) {
      if (pause > 0) { pause -= 1; }
      else if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) { box.scrollTop = 0; pause = 150; }
      else { box.scrollTop += 1; if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) { pause = 150; } }
    }
    window.setTimeout(step, 40);
  }
  if (box) { step(); }
  var full = document.getElementById('go-full-screen');
  if (full) {
    full.addEventListener('click', function () {
      if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
    });
  }
})();
