/*
 * Applies the visitor's theme before the first paint, so the page never flashes in the wrong
 * colours. Loaded as a blocking external script from <head> (the CSP forbids inline scripts).
 * Keep in sync with src/lib/theme.ts: key "<brand lower-cased>-theme", values "dark" | "light",
 * otherwise the system preference.
 */
(function () {
  var root = document.documentElement;
  var meta = document.querySelector('meta[name="application-name"]');
  var brand = ((meta && meta.getAttribute('content')) || '').trim() || 'Swishly';
  var key = brand.toLowerCase() + '-theme';
  var theme = null;

  try {
    theme = window.localStorage.getItem(key);
  } catch (e) {
    theme = null;
  }
  if (theme !== 'dark' && theme !== 'light') {
    var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = prefersDark ? 'dark' : 'light';
  }
  var other = theme === 'dark' ? 'light' : 'dark';

  function apply(el) {
    if (!el) return;
    el.classList.remove(other);
    el.classList.add(theme);
  }

  apply(root);
  root.style.colorScheme = theme;
  if (document.body) {
    apply(document.body);
  } else {
    document.addEventListener('DOMContentLoaded', function () {
      // The app may already have changed the theme; only fill in a body that has none.
      if (!document.body.classList.contains('dark') && !document.body.classList.contains('light')) {
        theme = root.classList.contains('light') ? 'light' : 'dark';
        other = theme === 'dark' ? 'light' : 'dark';
        apply(document.body);
      }
    });
  }
})();
