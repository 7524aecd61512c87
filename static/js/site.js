// Every page: choosing a language in the header's list switches to it at once (no
// inline handler in the page, so the Content-Security-Policy needs no 'unsafe-inline').
(function () {
  var lists = document.querySelectorAll('select[data-submit-on-change]');
  Array.prototype.forEach.call(lists, function (list) {
    list.addEventListener('change', function () { list.form.submit(); });
  });
})();

// A choice that opens what it is about: choosing a plan on the change-of-the-night
// preview unfolds that plan's rounds (data-opens names the <details> element).
(function () {
  var choices = document.querySelectorAll('input[data-opens]');
  Array.prototype.forEach.call(choices, function (choice) {
    choice.addEventListener('change', function () {
      var target = document.getElementById(choice.getAttribute('data-opens'));
      if (choice.checked && target) { target.open = true; }
    });
  });
})();
