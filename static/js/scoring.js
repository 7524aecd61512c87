// A passed hand has no maker, trump or tricks: hide those fields so nobody fills them
// in by mistake (the server ignores them either way). Run again on each part htmx
// swaps in, since a saved hand brings a fresh form.
(function () {
  // "—" for the turn-up's rank is no turn-up: its suit button goes back up with it,
  // so the page shows what will be stored.
  function syncTurnUp(root) {
    var rank = root.querySelector('select[name="turn_up_rank"]');
    if (!rank) { return; }
    rank.addEventListener('change', function () {
      if (rank.value) { return; }
      rank.form.querySelectorAll('input[name="turn_up_suit"]').forEach(function (radio) {
        radio.checked = false;
      });
    });
  }
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

  // After a tap low on the page the next hand's first buttons would sit under the
  // score that stays in view: bring the top of the hand's buttons back just below it,
  // so every hand starts from the same place on the phone.
  var tapped = false;
  document.addEventListener('htmx:beforeRequest', function (event) {
    var form = event.detail && event.detail.elt;
    tapped = Boolean(form && form.matches && form.matches('form[data-hand-entry]'));
  });
  document.addEventListener('htmx:afterSettle', function () {
    if (!tapped) { return; }
    tapped = false;
    var entry = document.getElementById('entry');
    var sticky = document.querySelector('.scoring-sticky');
    if (!entry || !sticky) { return; }
    var hidden = sticky.getBoundingClientRect().bottom + 8 - entry.getBoundingClientRect().top;
    if (hidden > 0) { window.scrollBy(0, -hidden); }
  });
  if (window.htmx) {
    window.htmx.onLoad(function (root) { syncPassed(root); syncTurnUp(root); });
  } else {
    syncPassed(document);
    syncTurnUp(document);
  }
})();
