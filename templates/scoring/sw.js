{% load static %}// The table page's service worker: the page keeps loading when the venue's Wi-Fi
// drops. Table and seat pages go to the network first and fall back to the copy kept
// from the last visit (kept fresh by the hands tapped on it and by the copies the page
// fetches after sending kept hands, so an offline reload shows the result last heard
// of, not the page as first opened); static files and the translation catalog are served from the
// cache and refreshed behind. A hand posted the ordinary way that finds no network
// is kept on the phone (hand_store.js) for the page to send later. Everything else
// passes by untouched.
'use strict';

importScripts('{% static "js/hand_store.js" %}');

var CACHE = 'euchre-table-v1';
var PAGES = /^\/(t|s)\/[-_A-Za-z0-9]{20,64}\/$/;
var CATALOG = '{% url "javascript-catalog" %}';
var STATIC = '{% get_static_prefix %}';
// A page the network has not answered within this many milliseconds is shown from
// the cache (and still updated when the answer comes): poor Wi-Fi often hangs.
var PATIENCE = 4000;
var KEEP_MARK = 'kept_if_offline';

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll([
        '{% static "css/site.css" %}',
        '{% static "js/scoring.js" %}',
        '{% static "js/hand_queue.js" %}',
        '{% static "js/hand_store.js" %}',
        '{% static "js/htmx.min.js" %}',
        '{% static "favicon.svg" %}',
        // The page's texts: a phone that opened the page before this worker looked
        // after it, and since only tapped hands, has fetched it through nobody.
        CATALOG
      ]);
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf('euchre-table-') === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// A phone visits a few tables a night: the pages kept are the last few visited.
var PAGES_KEPT = 12;

function trimPages(cache) {
  return cache.keys().then(function (requests) {
    var pages = requests.filter(function (kept) { return PAGES.test(new URL(kept.url).pathname); });
    return Promise.all(pages.slice(0, Math.max(0, pages.length - PAGES_KEPT)).map(function (old) {
      return cache.delete(old);
    }));
  });
}

function networkFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    var fromNetwork = fetch(request).then(function (response) {
      if (response.ok) {
        // Put again at the end, so the keys stay in the order last visited.
        var copy = response.clone();
        cache.delete(request, { ignoreVary: true })
          .then(function () { return cache.put(request, copy); })
          .then(function () { return trimPages(cache); });
      }
      return response;
    });
    var late = new Promise(function (resolve) {
      setTimeout(function () {
        cache.match(request, { ignoreVary: true }).then(function (kept) { if (kept) { resolve(kept); } });
      }, PATIENCE);
    });
    var fallback = fromNetwork.catch(function (error) {
      return cache.match(request, { ignoreVary: true }).then(function (kept) {
        if (kept) { return kept; }
        throw error;
      });
    });
    return Promise.race([fallback, late]);
  });
}

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      if (kept) {
        fresh.catch(function () {});
        return kept;
      }
      return fresh;
    });
  });
}

// A hand form's post (hand_queue.js marks those forms) that cannot reach the server:
// keep the hand and show the table page again, from the cache if need be.
function keptIfOffline(request) {
  var copy = request.clone();
  return fetch(request).catch(function (error) {
    return copy.formData().then(function (data) {
      if (data.get(KEEP_MARK) !== '1') { throw error; }
      var fields = [];
      data.forEach(function (value, name) { if (typeof value === 'string') { fields.push([name, value]); } });
      return self.HandStore.keep(self.HandStore.fromFields(new URL(request.url).pathname, request.url, fields));
    }).then(function () {
      return Response.redirect(request.url, 303);
    });
  });
}

// A hand tapped through htmx: the server answers with the whole page, which becomes
// the copy kept (a failed send still fails, for the page to keep the hand).
function keptAnswer(request, url) {
  return fetch(request).then(function (response) {
    var type = response.headers.get('Content-Type') || '';
    if (response.status === 200 && type.indexOf('text/html') === 0) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) {
        return cache.delete(url.pathname, { ignoreVary: true })
          .then(function () { return cache.put(url.pathname, copy); })
          .then(function () { return trimPages(cache); });
      });
    }
    return response;
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === 'POST' && request.mode === 'navigate' && PAGES.test(url.pathname)) {
    event.respondWith(keptIfOffline(request));
    return;
  }
  if (request.method === 'POST' && request.headers.get('HX-Request') && PAGES.test(url.pathname) && !url.search) {
    event.respondWith(keptAnswer(request, url));
    return;
  }
  if (request.method !== 'GET') { return; }
  // Only the page itself: "?edit=3" and the like are not worth keeping. The page
  // fetches itself after sending kept hands (X-Hand-Queue-Page): that copy is kept too.
  var fetchedByPage = request.headers.get('X-Hand-Queue-Page') === '1';
  if ((request.mode === 'navigate' || fetchedByPage) && PAGES.test(url.pathname) && !url.search) {
    event.respondWith(networkFirst(request));
  } else if (url.pathname === CATALOG) {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(cacheFirst(request));
  }
});
