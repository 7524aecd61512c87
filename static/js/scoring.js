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

  // The score stays at the top of the screen: whatever the page jumps to (#entry,
  // #confirm, a refusal) must land below it, not under it.
  function stickyBottom() {
    var sticky = document.querySelector('.scoring-sticky');
    return sticky ? sticky.getBoundingClientRect().bottom + 8 : 0;
  }
  function keepClearOfSticky() {
    var sticky = document.querySelector('.scoring-sticky');
    if (sticky) {
      document.documentElement.style.scrollPaddingTop = (sticky.offsetHeight + 8) + 'px';
    }
  }
  function bringBelowSticky(element) {
    var top = element.getBoundingClientRect().top;
    var bottom = stickyBottom();
    if (top < bottom || top > window.innerHeight - 40) {
      window.scrollBy(0, top - bottom);
    }
  }
  // A refused hand comes back with its reason at the top of the form (or by the
  // field at fault): that is what the scorer must read first.
  function showRefusal() {
    var entry = document.getElementById('entry');
    var reason = entry && entry.querySelector('.scoring-refusal, .errorlist');
    if (reason) { bringBelowSticky(reason); return true; }
    return false;
  }
  // After the last hand the confirmation sits above the hands: bring it into view.
  function showConfirm() {
    var confirm = document.getElementById('confirm');
    if (confirm && !document.getElementById('entry')) { bringBelowSticky(confirm); return true; }
    return false;
  }
  function placeOnLoad() {
    keepClearOfSticky();
    if (showRefusal()) { return; }
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target) { bringBelowSticky(target); }
  }
  if (document.readyState === 'complete') { placeOnLoad(); } else {
    window.addEventListener('load', placeOnLoad);
  }

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
    keepClearOfSticky();
    if (showConfirm()) { return; }
    var entry = document.getElementById('entry');
    if (!entry) { return; }
    var hidden = stickyBottom() - entry.getBoundingClientRect().top;
    if (hidden > 0) { window.scrollBy(0, -hidden); }
  });
  if (window.htmx) {
    window.htmx.onLoad(function (root) { syncPassed(root); syncTurnUp(root); });
  } else {
    syncPassed(document);
    syncTurnUp(document);
  }
})();
