// Starts the official Firebase Auth emulator (firebase-tools, offline with a demo- project id)
// on its own temp config, so tests and scripts can run several side by side without sharing
// the hub/logging ports of the repository's firebase.json.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');

/** Asks the OS for a free TCP port on `host`. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ port?: number, projectId?: string, host?: string, timeoutMs?: number, quiet?: boolean }} [options]
 * @returns {Promise<{ url: string, host: string, port: number, projectId: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? 'demo-portfolio';
  const timeoutMs = options.timeoutMs ?? 90_000;
  const port = options.port && options.port > 0 ? options.port : await freePort(host);
  const hubPort = await freePort(host);
  const loggingPort = await freePort(host);
  const dir = await mkdtemp(join(tmpdir(), 'auth-emulator-'));
  const config = {
    emulators: {
      auth: { host, port },
      ui: { enabled: false },
      hub: { host, port: hubPort },
      logging: { host, port: loggingPort },
      singleProjectMode: true,
    },
  };
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));

  const child = spawn(
    firebaseBin,
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', join(dir, 'firebase.json')],
    {
      cwd: dir,
      detached: true, // own process group, so stop() also ends firebase's children
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
    },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
    if (!options.quiet && process.env.AUTH_EMULATOR_DEBUG) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exitPromise = new Promise((r) => child.once('exit', () => { exited = true; r(undefined); }));

  const url = `http://${host}:${port}`;
  // If the caller dies without calling stop(), do not leave a detached emulator behind.
  const killOnExit = () => {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      const killTimer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 10_000);
      await exitPromise;
      clearTimeout(killTimer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`Auth emulator exited before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/`);
      if (res.ok || res.status < 500) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Auth emulator did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(250);
  }
  return { url, host, port, projectId, stop };
}

/**
 * Creates an email/password account through the emulator's REST API.
 * @param {{ url: string, projectId?: string, email: string, password: string }} args
 * @returns {Promise<{ uid: string, idToken: string, refreshToken: string }>}
 */
export async function createAuthUser({ url, email, password }) {
  const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`signUp failed (${res.status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/**
 * Signs in an existing email/password account through the emulator's REST API.
 * @param {{ url: string, email: string, password: string }} args
 * @returns {Promise<{ uid: string, idToken: string, refreshToken: string }>}
 */
export async function signInAuthUser({ url, email, password }) {
  const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`signIn failed (${res.status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/**
 * Deletes every account of the project in the emulator.
 * @param {{ url: string, projectId?: string }} args
 */
export async function clearAuthUsers({ url, projectId = 'demo-portfolio' }) {
  const res = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`clearAuthUsers failed (${res.status}): ${await res.text()}`);
}
