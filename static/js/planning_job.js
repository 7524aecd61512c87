// A planning job's page: poll its status once a second; once finished, load the page
// again, which then shows the plans or what was done.
window.addEventListener('load', function () {
  var timer = setInterval(function () {
    var box = document.getElementById('planning-job-status');
    if (!box) { clearInterval(timer); return; }
    fetch(box.dataset.poll).then(function (r) { return r.text(); }).then(function (html) {
      var holder = document.createElement('div');
      holder.innerHTML = html;
      var fresh = holder.firstElementChild;
      if (fresh && fresh.dataset.finished === '1') { clearInterval(timer); window.location.reload(); return; }
      if (fresh) { box.replaceWith(fresh); }
    });
  }, 1000);
});
