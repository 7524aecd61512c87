// A passed hand has no maker, trump or tricks: hide those fields so nobody fills them
// in by mistake (the server ignores them either way).
(function () {
  var passed = document.querySelector('input[name="passed"]');
  var played = document.querySelector('.scoring-played');
  if (!passed || !played) { return; }
  function sync() { played.hidden = passed.checked; }
  passed.addEventListener('change', sync);
  sync();
})();
