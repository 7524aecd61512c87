// Hands entered while the phone is offline are kept in IndexedDB, each with the
// idempotency key its form gave it, and sent in order once the connection is back,
// so a venue's Wi-Fi dropping loses nothing and a hand sent twice is stored once.
//
// Any form marked data-hand-entry takes part. While the phone is offline, or hands
// are still waiting (order matters), its submission is kept here instead of sent.
// The server answers a kept hand in JSON (scoring/offline.py): stored, with the
// result's version after it (what the next kept hand expects), or refused with the
// rule's message. A refused hand holds back the ones after it until the scorer sends
// it again or discards it. No rule is decided here: the page says who deals next
// (data-next-dealer) and the server checks every hand.
//
// Texts come from the template (data-* attributes) and from Django's JavaScript
// catalog (ngettext), never from this file.
(function () {
  'use strict';

  var panel = document.querySelector('[data-hand-queue]');
  if (!panel || !window.HandStore || !window.indexedDB || !window.fetch) { return; }

  var HEADER = 'X-Hand-Queue';
  var page = location.pathname;
  // htmx swaps the table's block (the panel with it) in after each tap: the panel's
  // parts are looked up when shown, and its buttons answer through the document.
  function part(name) { return panel.querySelector('[' + name + ']'); }
  var waiting = [];
  var flushing = false;
  var retry = null;

  var store = window.HandStore;
  function kept() { return store.kept(page); }
  function keep(hand) { return store.keep(hand); }
  function drop(hand) { return store.drop(hand); }

  // What this phone last heard of the result, and the keys it has used: a page shown
  // from the cache carries an old version and a key that may already be spent.
  function knownVersion() { return parseInt(localStorage.getItem('hand-queue:version:' + page) || '0', 10); }
  function heardVersion(version) {
    if (version > knownVersion()) { localStorage.setItem('hand-queue:version:' + page, String(version)); }
  }
  function usedKeys() {
    try { return JSON.parse(localStorage.getItem('hand-queue:keys') || '[]'); } catch (e) { return []; }
  }
  function useKey(key) {
    var keys = usedKeys().filter(function (k) { return k !== key; });
    keys.push(key);
    localStorage.setItem('hand-queue:keys', JSON.stringify(keys.slice(-200)));
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  function show() {
    panel = document.querySelector('[data-hand-queue]') || panel;
    var count = part('data-queue-count');
    var offlineNote = part('data-queue-offline');
    var refusedBox = part('data-queue-refused');
    var refusedMessage = part('data-queue-message');
    var refused = waiting.length && waiting[0].refused ? waiting[0] : null;
    panel.hidden = waiting.length === 0;
    count.textContent = window.ngettext ? interpolate(
      ngettext('%(count)s hand waiting to be sent', '%(count)s hands waiting to be sent', waiting.length),
      { count: waiting.length }, true
    ) : panel.dataset.waitingLabel + ' ' + waiting.length;  // the catalog did not load
    offlineNote.hidden = navigator.onLine;
    refusedBox.hidden = !refused;
    refusedMessage.textContent = refused ? refused.refused.join(' ') : '';
    // "Remove the last hand" and the like act on the stored hands, not the kept ones.
    document.querySelectorAll('[data-hidden-while-hands-wait]').forEach(function (element) {
      element.hidden = waiting.length > 0;
    });
  }
  function reread() { return kept().then(function (hands) { waiting = hands; show(); }); }

  function versionOf(form) {
    var input = form.querySelector('input[name="version"]');
    return input ? parseInt(input.value, 10) || 0 : 0;
  }
  function formsVersions() {
    document.querySelectorAll('form[data-hand-entry]').forEach(function (form) { heardVersion(versionOf(form)); });
  }

  function dealerOf(fields) {
    var dealer = null;
    fields.forEach(function (pair) { if (pair[0] === 'dealer') { dealer = pair[1]; } });
    return dealer;
  }
  function dealAfter(form, dealer) {
    var select = form.querySelector('[name="dealer"]');
    var next = form.dataset.nextDealer ? JSON.parse(form.dataset.nextDealer) : null;
    if (select && next && dealer !== null && next[dealer] !== undefined) {
      select.value = String(next[dealer]);
    }
  }

  // The form is ready for the next hand: a new key, and the next dealer if it asks.
  function nextHand(form, fields) {
    form.reset();
    var key = form.querySelector('input[name="idempotency_key"]');
    if (key) { key.value = newKey(); }
    dealAfter(form, dealerOf(fields));
    // Scripts that show or hide parts of the form follow its reset values.
    form.querySelectorAll('input, select').forEach(function (field) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }

  // A page opened while hands wait (from the cache, say) follows the last of them.
  function followLastWaiting() {
    var last = waiting[waiting.length - 1];
    if (!last) { return; }
    document.querySelectorAll('form[data-hand-entry]').forEach(function (form) {
      dealAfter(form, dealerOf(last.fields));
    });
  }

  function queue(form, data) {
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === 'string') { fields.push([name, value]); } });
    var key = data.get('idempotency_key') || '';
    if (!key || usedKeys().indexOf(key) !== -1) { key = newKey(); }
    useKey(key);
    // getAttribute: the form's own input named "action" hides form.action.
    var url = new URL(form.getAttribute('action') || '', location.href);
    url.hash = '';
    var hand = store.fromFields(page, url.href, fields);
    hand.key = key;
    hand.version = Math.max(versionOf(form), knownVersion());
    // The form is ready for the next hand at once: a scorer who starts on it while the
    // phone is still storing this one must not see the fields cleared under them.
    nextHand(form, fields);
    return keep(hand).then(reread, function (problem) {
      // Not kept (storage full or refused): the hand is back in the form, not lost.
      putBack(form, fields);
      throw problem;
    });
  }

  function putBack(form, fields) {
    fields.forEach(function (pair) {
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (field) {
        if (field.name === 'idempotency_key' || field.name === 'csrfmiddlewaretoken') { return; }
        if (field.type === 'radio' || field.type === 'checkbox') {
          field.checked = field.value === pair[1];
        } else {
          field.value = pair[1];
        }
        field.dispatchEvent(new Event('change', { bubbles: true }));
      });
    });
  }

  function send(hand) {
    var body = new FormData();
    hand.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set('version', String(hand.version));
    body.set('idempotency_key', hand.key);
    // This page's CSRF token: the one the hand was entered with may be stale by now.
    var csrf = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (csrf) { body.set('csrfmiddlewaretoken', csrf.value); }
    var headers = {};
    headers[HEADER] = '1';
    var notTaken = { stored: false, current: hand.version, errors: [panel.dataset.notTaken] };
    return fetch(hand.url, {
      method: 'POST', body: body, headers: headers, credentials: 'same-origin', redirect: 'manual'
    }).then(function (response) {
      if (response.status >= 500 || response.status === 429) { throw new Error('busy'); }
      var type = response.headers.get('Content-Type') || '';
      if (type.indexOf('application/json') !== 0) { return notTaken; }
      return response.json().then(function (answer) {
        if (typeof answer.stored !== 'boolean') { return notTaken; }
        if (typeof answer.current !== 'number') { answer.current = hand.version; }
        if (!answer.stored && !(answer.errors && answer.errors.length)) { answer.errors = notTaken.errors; }
        return answer;
      });
    });
  }

  // Sends the waiting hands oldest first; stops at a refusal or a failed connection.
  function flush() {
    if (flushing || !navigator.onLine) { return Promise.resolve(); }
    flushing = true;
    var stored = false;
    function step() {
      return kept().then(function (hands) {
        waiting = hands;
        show();
        var hand = hands[0];
        if (!hand || hand.refused) { return; }
        return send(hand).then(function (answer) {
          heardVersion(answer.current);
          if (!answer.stored) {
            hand.refused = answer.errors;
            hand.current = answer.current;
            return keep(hand);
          }
          stored = true;
          var after = hands[1];
          return drop(hand).then(function () {
            if (after) {
              after.version = answer.version;
              return keep(after);
            }
          }).then(step);
        });
      });
    }
    return step().catch(function () {
      // No connection after all (or the server is busy): the hands stay kept, and
      // are tried again in a moment (a phone can be "online" on a dead Wi-Fi).
      if (!retry) { retry = setTimeout(function () { retry = null; flush(); }, 5000); }
    }).then(function () {
      flushing = false;
      return reread();
    }).then(function () {
      // The page shows the score as it stood before: show the new one. A refused hand
      // and those after it are still kept, and shown again on the new page.
      if (stored) { location.reload(); }
    });
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.matches || !form.matches('form[data-hand-entry]')) { return; }
    if (navigator.onLine && waiting.length === 0) {
      // Sent as usual; remember its key so a copy of this page never reuses it.
      var sent = new FormData(form, event.submitter).get('idempotency_key');
      if (sent) { useKey(sent); }
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    var data = new FormData(form, event.submitter);
    // A second tap on the same hand, before the form is ready for the next, is the
    // same hand: the buttons wait a moment after the form is reset.
    var buttons = form.querySelectorAll('button:not([type="button"]), input[type="submit"]');
    buttons.forEach(function (button) { button.disabled = true; });
    function ready() { buttons.forEach(function (button) { button.disabled = false; }); }
    queue(form, data).then(function () { setTimeout(ready, 400); flush(); }, ready);
  }, true);

  // A form htmx sends whose connection fails: keep the hand it carried.
  document.addEventListener('htmx:sendError', function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest('form[data-hand-entry]');
    if (form && event.detail.requestConfig && event.detail.requestConfig.formData) {
      queue(form, event.detail.requestConfig.formData).then(flush);
    }
  });
  document.addEventListener('htmx:afterSettle', formsVersions);
  document.addEventListener('htmx:afterSettle', show);

  function resend() {
    var hand = waiting[0];
    if (!hand || !hand.refused) { return; }
    hand.version = hand.current;
    hand.refused = null;
    keep(hand).then(flush);
  }
  function discard() {
    var hand = waiting[0];
    if (!hand || !hand.refused) { return; }
    var after = waiting[1];
    drop(hand).then(function () {
      if (after) {
        after.version = hand.current;
        return keep(after);
      }
    }).then(reread).then(flush);
  }
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-queue-resend], [data-queue-discard]');
    if (!button) { return; }
    (button.hasAttribute('data-queue-resend') ? resend : discard)();
  });

  // Marks the hand forms' ordinary posts, so that the service worker keeps the hand
  // when such a post finds no network (the server ignores the field).
  function markForms() {
    document.querySelectorAll('form[data-hand-entry]').forEach(function (form) {
      if (form.querySelector('input[name="kept_if_offline"]')) { return; }
      var mark = document.createElement('input');
      mark.type = 'hidden';
      mark.name = 'kept_if_offline';
      mark.value = '1';
      form.appendChild(mark);
    });
  }
  document.addEventListener('htmx:afterSettle', markForms);
  markForms();

  window.addEventListener('online', flush);
  window.addEventListener('offline', show);
  formsVersions();
  reread().then(followLastWaiting).then(flush);

  if ('serviceWorker' in navigator && panel.dataset.serviceWorker) {
    navigator.serviceWorker.register(panel.dataset.serviceWorker).catch(function () {});
  }
})();
