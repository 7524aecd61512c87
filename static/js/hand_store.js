// The hands kept on this phone until the server has them: IndexedDB in a few lines,
// one store ordered by an auto-incremented id (the order they were entered in).
// Shared by the table page (hand_queue.js) and its service worker (sw.js), which
// keeps a hand whose ordinary post found no network.
(function (scope) {
  'use strict';

  var DB = 'euchre-hand-queue';
  var STORE = 'hands';

  function withStore(mode, work) {
    return new Promise(function (resolve, reject) {
      var opening = scope.indexedDB.open(DB, 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result;
        var tx = db.transaction(STORE, mode);
        var request = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(request && request.result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      };
    });
  }

  scope.HandStore = {
    // The hands kept for one page (a table or seat link's path), oldest first.
    kept: function (page) {
      return withStore('readonly', function (store) { return store.getAll(); }).then(function (all) {
        return all.filter(function (hand) { return hand.page === page; })
          .sort(function (a, b) { return a.id - b.id; });
      });
    },
    keep: function (hand) { return withStore('readwrite', function (store) { return store.put(hand); }); },
    drop: function (hand) { return withStore('readwrite', function (store) { return store.delete(hand.id); }); },
    // A hand as the page's form would post it: every field, its key and version.
    fromFields: function (page, url, fields) {
      var key = '';
      var version = 0;
      fields.forEach(function (pair) {
        if (pair[0] === 'idempotency_key') { key = pair[1]; }
        if (pair[0] === 'version') { version = parseInt(pair[1], 10) || 0; }
      });
      return { page: page, url: url, fields: fields, key: key, version: version, refused: null };
    }
  };
})(self);
