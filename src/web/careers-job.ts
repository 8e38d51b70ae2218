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

/**
 * A visitor who seems signed in (the server saw a session cookie and sent the account line,
 * not yet shown) is shown their name and a link to their dashboard (`/`, which sends a signed-in
 * user to theirs) without loading the app: one session read. Anonymous visitors get no
 * such line, so nothing is asked. Imports nothing: a shared module would pull in the app's chunk.
 */
function showAccount(): void {
  const corner = document.getElementById('tf-account');
  if (!corner) return;
  fetch('/api/auth/get-session', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((response) => (response.ok ? response.json() : null))
    .then((payload: unknown) => {
      const user = (payload as { user?: { name?: unknown } } | null)?.user;
      if (!user || typeof user.name !== 'string' || !user.name || started) return;
      const [before = '', after = ''] = (corner.dataset.template ?? '%NAME%').split('%NAME%');
      const name = corner.querySelector('span');
      if (name) name.textContent = `${before}${user.name}${after}`;
      corner.removeAttribute('data-pending');
    })
    .catch(() => {
      // No answer: the page stays as it is; the app asks again when it loads.
    });
}

showAccount();
