// Hands entered while the phone is offline are kept in IndexedDB, each with the
// idempotency key its form gave it, and sent in order once the connection is back,
// so a venue's Wi-Fi dropping loses nothing and a hand sent twice is stored once.
//
// Any form marked data-hand-entry takes part. While the phone is offline, or hands
// are still waiting (order matters), its submission is kept here instead of sent.
// The server answers a kept hand in JSON (scoring/offline.py): stored, with the
// result's version after it (what the next kept hand expects), or refused with the
// rule's message. A refused hand holds back the ones after it until the scorer sends
// it again or discards it. A hand refused because another phone moved the result on
// shows the result as it is now, and is sent again against that version only when
// the scorer says so (the server tells when it is the very hand last stored).
//
// While hands wait, the page moves on with each tap: hand number, dealer, and the
// score with those hands added, marked as not yet sent. No rule is decided here: the
// page carries the engine's answers (the JSON in data-queue-facts: who deals after
// each seat, each result's points per side and whether it counts, the hands left, the
// target) and this script only looks them up and adds. The server checks every hand.
// A result that needs one more answer (who named trump, say) is asked here from the
// questions the page carries, in the server's words, and kept with the answer's fields.
//
// The page never reloads itself: after a send it fetches the table's block and swaps
// it in. Without a service worker (a plain-http address) an offline reload would find
// nothing, so the page says not to reload.
//
// Texts come from the template (data-* attributes) and from Django's JavaScript
// catalog (gettext, ngettext), never from this file.
(function () {
  'use strict';

  var panel = document.querySelector('[data-hand-queue]');
  if (!panel || !window.HandStore || !window.indexedDB || !window.fetch) { return; }

  var HEADER = 'X-Hand-Queue';
  var PAGE_HEADER = 'X-Hand-Queue-Page';
  var page = location.pathname;
  var SINCE = 'hand-queue:offline-since';
  // A page opened with no connection is a kept copy: its messages are old news.
  var loadedOffline = !navigator.onLine;
  // Service workers need a secure context: without one no copy of the page is kept.
  var noCopy = !window.isSecureContext || !('serviceWorker' in navigator);
  // The catalog's functions, or English when it did not load. The texts stay literal
  // arguments of gettext/ngettext so that makemessages finds them.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (singular, plural, count) { return count === 1 ? singular : plural; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return String(values[key]); });
  };
  function sayWith(text, values) { return interpolate(text, values, true); }
  // htmx swaps the table's block (the panel with it) in after each tap: the panel's
  // parts (and the refused hand's box, under the sticky score) are looked up when
  // shown, and their buttons answer through the document.
  function part(name) { return document.querySelector('[' + name + ']'); }
  var waiting = [];
  var flushing = false;
  var flushAgain = false;
  // The send under way, if any: the refusal's buttons act once it has ended, on the
  // hands as kept then (a tap during it would act on a refusal still being answered).
  var flushDone = Promise.resolve();
  var retry = null;
  // A phone just back on the Wi-Fi often fails its first send (the connection is still
  // coming up): try again soon, then less often while it keeps failing.
  var RETRY_AFTER = [1000, 2000, 4000, 8000, 15000];
  var failedSends = 0;
  var SEND_PATIENCE = 15000;

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

  // The engine's answers the page carries (scoring/offline.py, queue_facts).
  function facts() {
    var element = document.querySelector('[data-hand-queue]');
    if (!element || !element.dataset.queueFacts) { return null; }
    try { return JSON.parse(element.dataset.queueFacts); } catch (e) { return null; }
  }
  function shownVersion() {
    var known = facts();
    return known ? known.version : parseInt(panel.dataset.version || '0', 10);
  }
  function chosenDealer() {
    var select = document.querySelector('form[data-hand-entry] select[name="dealer"]');
    return select ? parseInt(select.value, 10) || 0 : 0;
  }

  // The result as the page shows it: the server's, plus the hands waiting (unless the
  // first of them was refused: then the server's result as it is now, alone).
  function present() {
    var known = facts();
    if (!known) { return null; }
    var state = {
      hand: known.hand,
      dealer: known.dealer === null ? chosenDealer() : known.dealer,
      scores: known.scores.slice(),
      handsLeft: known.handsLeft,
      unsent: 0,
      unknownPoints: false,
      done: false
    };
    if (waiting.length && waiting[0].refused) { return state; }
    waiting.forEach(function (hand) {
      var outcome = hand.code ? known.outcomes[hand.code] : null;
      if (outcome) {
        outcome.points.forEach(function (points, side) { state.scores[side] += points; });
        if (outcome.counts && state.handsLeft !== null) { state.handsLeft -= 1; }
      } else {
        state.unknownPoints = true;
      }
      var dealt = typeof hand.dealer === 'number' ? hand.dealer : state.dealer;
      var next = known.nextDealer[String(dealt)];
      if (next !== undefined) { state.dealer = next; }
      state.hand += 1;
      state.unsent += 1;
    });
    state.done = (state.handsLeft !== null && state.handsLeft <= 0) ||
      (known.target !== null && state.scores.some(function (score) { return score >= known.target; }));
    return state;
  }

  function atTime(iso) {
    var when = iso ? new Date(iso) : new Date();
    return when.toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' });
  }

  // The server's words are kept aside when the page moves on, and put back once the
  // hands are sent (the page then shows the server's result again).
  function setText(element, text) {
    if (!element.hasAttribute('data-queue-was')) { element.setAttribute('data-queue-was', element.textContent); }
    element.textContent = text;
  }
  function setTitle(title, text) {
    var first = title.firstChild;
    if (!first || first.nodeType !== Node.TEXT_NODE) {
      first = title.insertBefore(document.createTextNode(''), first);
    }
    if (!title.hasAttribute('data-queue-was-lead')) { title.setAttribute('data-queue-was-lead', first.textContent); }
    first.textContent = text + ' ';
  }
  function putBackWords() {
    document.querySelectorAll('[data-queue-was]').forEach(function (element) {
      element.textContent = element.getAttribute('data-queue-was');
      element.removeAttribute('data-queue-was');
    });
    document.querySelectorAll('[data-queue-was-lead]').forEach(function (title) {
      if (title.firstChild && title.firstChild.nodeType === Node.TEXT_NODE) {
        title.firstChild.textContent = title.getAttribute('data-queue-was-lead');
      }
      title.removeAttribute('data-queue-was-lead');
    });
  }

  // Moves the page on to the hand after the waiting ones (or back, once they are sent).
  function showPresent() {
    var known = facts();
    var state = present();
    if (!known || !state) { return; }
    var moved = state.unsent > 0;
    document.querySelectorAll('.scoring-points[data-side]').forEach(function (points) {
      var side = parseInt(points.dataset.side, 10);
      if (state.scores[side] !== undefined) { points.textContent = String(state.scores[side]); }
      points.classList.toggle('unsent', moved && !state.unknownPoints);
    });
    var unsent = document.querySelector('[data-queue-unsent]');
    if (unsent) {
      unsent.hidden = !moved;
      var words = !moved ? '' : state.unknownPoints
        ? gettext('The score does not count the hands waiting on this phone yet: the site adds them when they arrive.')
        : sayWith(ngettext(
          '* Counts %(count)s hand not yet sent.', '* Counts %(count)s hands not yet sent.', state.unsent
        ), { count: state.unsent });
      if (moved && !state.unknownPoints && state.handsLeft !== null && !state.done) {
        words += ' ' + sayWith(ngettext(
          '%(left)s hand left to play.', '%(left)s hands left to play.', state.handsLeft
        ), { left: state.handsLeft });
      }
      unsent.textContent = words;
    }
    // The server's count of hands played, and its note on the last hand it saved, are
    // behind the hands waiting: the line above says where the page stands instead.
    document.querySelectorAll('[data-hands-played]').forEach(function (old) {
      old.hidden = moved && !state.unknownPoints;
    });
    document.querySelectorAll('.scoring-sticky .scoring-saved').forEach(function (old) {
      old.hidden = moved || loadedOffline;
    });
    if (!moved) { putBackWords(); }
    if (new URLSearchParams(location.search).has('edit')) { return; }
    var name = known.names[state.dealer] || '';
    var title = document.getElementById('entry-title');
    var entry = document.querySelector('#entry form[data-hand-entry]');
    if (moved && title) {
      setTitle(title, state.done
        ? gettext('Every hand of the round is entered')
        : sayWith(gettext('Hand %(number)s'), { number: state.hand }));
      var dealtBy = title.querySelector('.help');
      // Translators: %(name)s is any player, woman or man: word it so that nothing agrees
      // with the name's gender.
      if (dealtBy) { setText(dealtBy, state.done ? '' : sayWith(gettext('Dealer: %(name)s'), { name: name })); }
    }
    // A question asked here stands in the form's place until it is answered or cancelled.
    if (entry) { entry.hidden = (moved && state.done) || Boolean(document.querySelector('[data-queue-asking]')); }
    var dealerNow = document.querySelector('[data-dealer-now]');
    if (dealerNow && moved) { setText(dealerNow, name); }
    // The first hand's "First dealer" is asked once: the hands after it follow the deal.
    document.querySelectorAll('#entry .scoring-dealer').forEach(function (choice) { choice.hidden = moved; });
    // The results the next dealer's hand can have (the engine's list for that dealer).
    var offered = known.offered[String(state.dealer)];
    document.querySelectorAll('#entry button[name="outcome"]').forEach(function (button) {
      if (moved && offered) {
        button.hidden = offered.indexOf(button.value) === -1;
        button.toggleAttribute('data-queue-hid', button.hidden);
      } else if (button.hasAttribute('data-queue-hid')) {
        button.hidden = false;
        button.removeAttribute('data-queue-hid');
      }
    });
  }

  function show() {
    panel = document.querySelector('[data-hand-queue]') || panel;
    var count = part('data-queue-count');
    var offlineNote = part('data-queue-offline');
    var refusedBox = part('data-queue-refused');
    var refusedMessage = part('data-queue-message');
    var refused = waiting.length && waiting[0].refused ? waiting[0] : null;
    panel.hidden = waiting.length === 0 && navigator.onLine;
    count.textContent = window.ngettext ? interpolate(
      ngettext('%(count)s hand waiting to be sent', '%(count)s hands waiting to be sent', waiting.length),
      { count: waiting.length }, true
    ) : panel.dataset.waitingLabel + ' ' + waiting.length;  // the catalog did not load
    count.hidden = waiting.length === 0;
    offlineNote.hidden = navigator.onLine;
    var since = part('data-queue-since');
    if (since) {
      since.hidden = navigator.onLine;
      since.textContent = navigator.onLine ? '' : sayWith(
        gettext('Offline since %(since)s; last heard from the site at %(heard)s.'),
        { since: atTime(localStorage.getItem(SINCE)), heard: atTime((facts() || {}).shownAt) }
      );
    }
    var noReload = part('data-queue-no-reload');
    if (noReload) { noReload.hidden = !(noCopy && (!navigator.onLine || waiting.length > 0)); }
    refusedBox.hidden = !refused;
    refusedMessage.textContent = refused ? refused.refused.join(' ') : '';
    var resendButton = part('data-queue-resend');
    if (resendButton) {
      // The very hand last stored, entered on another phone: storing it again is a choice.
      resendButton.textContent = refused && refused.repeat ? sayWith(
        gettext('Hand %(number)s is already stored as “%(hand)s” — store another hand %(next)s?'),
        { number: refused.repeat.number, hand: refused.repeat.words, next: refused.repeat.next }
      ) : resendButton.dataset.label || resendButton.textContent;
      // Then discarding is the likely answer: it becomes the plain button, storing again the quiet one.
      var repeat = Boolean(refused && refused.repeat);
      resendButton.classList.toggle('secondary', repeat);
      var discardButton = part('data-queue-discard');
      if (discardButton) { discardButton.classList.toggle('secondary', !repeat); }
    }
    if (loadedOffline) {
      document.querySelectorAll('.scoring-saved, .messages').forEach(function (old) { old.hidden = true; });
    }
    showPresent();
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
    var state = present();
    var dealer = null;
    if (data.get('action') === 'outcome' && state) {
      // The dealer the page showed for this hand (the form sends one only for the
      // first): the server tells by it whether this is a hand already stored.
      dealer = state.dealer;
      fields = fields.filter(function (pair) { return pair[0] !== 'dealer'; });
      fields.push(['dealer', String(dealer)]);
    } else {
      dealer = dealerOf(fields);
    }
    var hand = store.fromFields(page, url.href, fields);
    hand.key = key;
    hand.code = data.get('outcome') || null;
    hand.dealer = dealer === null ? null : parseInt(dealer, 10);
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
    // A send on a Wi-Fi that went dead can hang for minutes: give up on it and try again
    // (the idempotency key stores the hand once, should the first send have arrived).
    var abort = window.AbortController ? new AbortController() : null;
    var patience = abort ? setTimeout(function () { abort.abort(); }, SEND_PATIENCE) : null;
    return fetch(hand.url, {
      method: 'POST', body: body, headers: headers, credentials: 'same-origin', redirect: 'manual',
      signal: abort ? abort.signal : undefined
    }).then(function (response) {
      clearTimeout(patience);
      if (response.status >= 500 || response.status === 429) { throw new Error('busy'); }
      failedSends = 0;
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
    if (!navigator.onLine) { return Promise.resolve(); }
    // Asked while a send is under way (a hand discarded as its refusal comes back): that
    // send goes round once more when it ends, so no hand is left waiting unsent.
    if (flushing) { flushAgain = true; return flushDone; }
    flushing = true;
    var stored = false;
    var refusedNow = false;
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
            hand.repeat = answer.repeat || null;
            refusedNow = true;
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
    flushDone = step().catch(function () {
      // No connection after all (or the server is busy): the hands stay kept, and
      // are tried again in a moment (a phone can be "online" on a dead Wi-Fi).
      if (!retry) {
        var wait = RETRY_AFTER[Math.min(failedSends, RETRY_AFTER.length - 1)];
        failedSends += 1;
        retry = setTimeout(function () { retry = null; flush(); }, wait);
      }
    }).then(function () {
      flushing = false;
      return reread();
    }).then(function () {
      // The page shows the score as it stood before: show the result as it is now (a
      // refused hand is then sent again against that version, if the scorer wants).
      if (stored || refusedNow) { return refresh(); }
    }).then(function () {
      if (flushAgain) {
        flushAgain = false;
        return flush();
      }
    });
    return flushDone;
  }

  // The table's block as the server has it now, swapped in (never a reload: offline
  // on a plain-http address a reload finds nothing).
  function refresh() {
    var headers = {};
    headers[PAGE_HEADER] = '1';
    return fetch(page, { credentials: 'same-origin', headers: headers }).then(function (response) {
      if (!response.ok) { throw new Error('not shown'); }
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, 'text/html');
      var block = fresh.querySelector('.scoring');
      var old = document.querySelector('.scoring');
      if (!block || !old) { return; }
      old.replaceWith(document.adoptNode(block));
      document.querySelectorAll('.messages').forEach(function (stale) { stale.remove(); });
      var said = fresh.querySelector('.messages');
      var main = document.querySelector('main');
      if (said && main) { main.parentNode.insertBefore(document.adoptNode(said), main); }
      loadedOffline = false;
      panel = document.querySelector('[data-hand-queue]') || panel;
      if (window.htmx) { window.htmx.process(document.querySelector('.scoring')); }
      markForms();
      formsVersions();
      var head = waiting[0];
      if (head && head.refused) {
        // "Send it again" sends against the result now shown, nothing newer.
        head.shown = shownVersion();
        return keep(head);
      }
    }).catch(function () {}).then(reread).then(followLastWaiting);
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
    var question = questionFor(data);
    if (question) {
      ask(form, data, question, event.submitter);
      return;
    }
    keepTap(form, data);
  }, true);

  // The question the server would ask of this tap before storing it, as the page's
  // queue facts carry it for the dealer of this hand (the answers already in the
  // tap followed), or null when it asks none.
  function questionFor(data) {
    var known = facts();
    var state = present();
    var code = data.get('outcome');
    if (data.get('action') !== 'outcome' || !code || !known || !known.questions || !state) { return null; }
    // A stored hand being changed has its own dealer, not the next one: the server asks.
    if (data.get('hand_number')) { return null; }
    var node = (known.questions[String(state.dealer)] || {})[code] || null;
    while (node && data.has(node.name)) {
      var said = data.get(node.name);
      var answer = node.choices.filter(function (choice) { return choice.value === said; })[0];
      node = answer ? answer.next : null;
    }
    return node;
  }

  // Asks it in the box the server's question comes in; each answer adds its field,
  // as its button would post online, and the last one keeps the hand. Cancel drops the tap.
  function ask(form, data, question, submitter) {
    var template = document.querySelector('template[data-queue-question]');
    if (!template) { keepTap(form, data); return; }
    document.querySelectorAll('[data-queue-asking]').forEach(function (old) { old.remove(); });
    var box = template.content.firstElementChild.cloneNode(true);
    var tapped = submitter && submitter.name === 'outcome' ? submitter
      : form.querySelector('button[name="outcome"][value="' + data.get('outcome') + '"]');
    if (tapped) {
      var words = tapped.querySelector('.outcome-words');
      var points = tapped.querySelector('.outcome-points');
      box.querySelector('[data-queue-asked-words]').textContent = (words || tapped).textContent;
      box.querySelector('[data-queue-asked-points]').textContent = points ? points.textContent : '';
    }
    var legend = box.querySelector('legend');
    var choices = box.querySelector('.outcome-buttons');
    function close() {
      box.remove();
      form.hidden = false;
    }
    function put(node) {
      legend.textContent = node.question;
      choices.textContent = '';
      node.choices.forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.name = node.name;
        button.value = choice.value;
        button.textContent = choice.words;
        button.addEventListener('click', function () {
          data.set(node.name, choice.value);
          if (choice.next) {
            put(choice.next);
            return;
          }
          close();
          keepTap(form, data);
        });
        choices.appendChild(button);
      });
    }
    box.querySelector('[data-queue-ask-cancel]').addEventListener('click', close);
    put(question);
    form.hidden = true;
    template.parentNode.insertBefore(box, template);
    box.scrollIntoView({ block: 'nearest' });
  }

  function keepTap(form, data) {
    // A second tap on the same hand, before the form is ready for the next, is the
    // same hand: the buttons wait a moment after the form is reset.
    var buttons = form.querySelectorAll('button:not([type="button"]), input[type="submit"]');
    buttons.forEach(function (button) { button.disabled = true; });
    function ready() { buttons.forEach(function (button) { button.disabled = false; }); }
    queue(form, data).then(function () { setTimeout(ready, 400); flush(); }, ready);
  }

  // A form htmx sends whose connection fails: keep the hand it carried.
  document.addEventListener('htmx:sendError', function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest('form[data-hand-entry]');
    if (form && event.detail.requestConfig && event.detail.requestConfig.formData) {
      var data = event.detail.requestConfig.formData;
      var question = questionFor(data);
      if (question) {
        ask(form, data, question, null);
        return;
      }
      queue(form, data).then(flush);
    }
  });
  document.addEventListener('htmx:afterSettle', formsVersions);
  document.addEventListener('htmx:afterSettle', show);

  function resend() {
    return flushDone.then(function () {
      var hand = waiting[0];
      if (!hand || !hand.refused) { return; }
      // The version of the result on screen: should it have moved again, this is
      // refused again and the page shows it anew.
      hand.version = typeof hand.shown === 'number' ? hand.shown : hand.current;
      hand.refused = null;
      hand.repeat = null;
      return keep(hand).then(flush);
    });
  }
  function discard() {
    return flushDone.then(function () {
      var hand = waiting[0];
      if (!hand || !hand.refused) { return; }
      var after = waiting[1];
      return drop(hand).then(function () {
        if (after) {
          after.version = hand.current;
          return keep(after);
        }
      }).then(reread).then(function () { return flush(); }).then(function () {
        if (!waiting.length && navigator.onLine) { return refresh(); }
      });
    });
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

  function wentOffline() {
    if (!localStorage.getItem(SINCE)) { localStorage.setItem(SINCE, new Date().toISOString()); }
    show();
  }
  window.addEventListener('online', function () {
    localStorage.removeItem(SINCE);
    failedSends = 0;
    show();
    flush();
  });
  window.addEventListener('offline', wentOffline);
  if (!navigator.onLine) { wentOffline(); }
  formsVersions();
  reread().then(followLastWaiting).then(flush);

  if ('serviceWorker' in navigator && panel.dataset.serviceWorker) {
    navigator.serviceWorker.register(panel.dataset.serviceWorker).catch(function () {});
  }
})();
