/**
 * The entry of a careers job page as the server sends it (/careers/{slug}-{id}, docs/decisions/024):
 * the job is already in the HTML, so the page loads no app until the visitor does something.
 * The first press, key or touch (or a click on Apply) loads the app's own entry, which mounts
 * over the page and shows the same job with its Apply form; a click on Apply lands there.
 * This file stays tiny: it is all the JavaScript the page needs before that.
 */
const triggers = ['pointerdown', 'keydown', 'touchstart'] as const;
let started = false;

function startApp(): void {
  if (started) return;
  started = true;
  for (const type of triggers) window.removeEventListener(type, startApp, true);
  import('./main').catch(() => {
    // A failed download (offline, a new release replaced the files): a full load tries again.
    window.location.reload();
  });
}

for (const type of triggers) {
  window.addEventListener(type, startApp, { capture: true, passive: true });
}

// Apply: the app's form is where the visitor is going; the job page scrolls to it once shown.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href$="#apply"]') : null;
  if (!link) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}#apply`);
  startApp();
});
