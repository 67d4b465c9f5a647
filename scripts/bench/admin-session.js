// A staff member for a bench step: created with `admin:create`, signed in through the API.
const { spawnSync } = require('node:child_process');

/**
 * Creates `admin` (npm run admin:create, on the step's database) and signs in at `base`. Answers
 * the headers a staff request carries: the session cookie, and the CSRF token writes need.
 */
async function signInAdmin({ root, env, base, admin }) {
  const created = spawnSync(process.execPath, ['dist/apps/worker/src/admin-create.js', '--email', admin.email, '--password', admin.password], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookies = Object.fromEntries(login.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
  return {
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    'x-csrf-token': cookies.csrf_token,
  };
}

module.exports = { signInAdmin };
