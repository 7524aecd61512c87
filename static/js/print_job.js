// A print job's page without htmx: poll the same partial once a second and swap it in.
window.addEventListener('load', function () {
  if (window.htmx) { return; }
  var timer = setInterval(function () {
    var box = document.getElementById('print-job-status');
    if (!box || box.dataset.finished === '1') { clearInterval(timer); return; }
    fetch(box.dataset.poll, {headers: {'HX-Request': 'true'}}).then(function (r) { return r.text(); })
      .then(function (html) { box.outerHTML = html; });
  }, 1000);
});
