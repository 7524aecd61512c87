// Every page: choosing a language in the header's list switches to it at once (no
// inline handler in the page, so the Content-Security-Policy needs no 'unsafe-inline').
(function () {
  var lists = document.querySelectorAll('select[data-submit-on-change]');
  Array.prototype.forEach.call(lists, function (list) {
    list.addEventListener('change', function () { list.form.submit(); });
  });
})();
