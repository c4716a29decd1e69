// The browser side of identity: holds the ID token in memory, refreshes it 5 minutes before it
// expires (after a failure: 30 s, doubling up to 16 min), and tells the server about every new
// token with POST /api/__session {token}.
import { TOKEN_REFRESH_LEAD_MS, TOKEN_REFRESH_RETRY_MAX_MS, TOKEN_REFRESH_RETRY_MIN_MS } from "./constants.ts";
import { IdentityError, identityErrorFromResponse, toIdentityError } from "./identity-errors.ts";
import { http } from "./http.client.ts";

// ---- pure scheduling -------------------------------------------------------------------------

/** Milliseconds until a token expiring at `expiresAt` should be refreshed (never negative). */
export function refreshDelay(expiresAt: number, now: number, lead = TOKEN_REFRESH_LEAD_MS): number {
  return Math.max(0, expiresAt - lead - now);
}

/** Wait after the `failures`-th failure in a row: 30 s, 60 s, 2 min ... capped at 16 min. */
export function retryDelay(failures: number, min = TOKEN_REFRESH_RETRY_MIN_MS, max = TOKEN_REFRESH_RETRY_MAX_MS): number {
  if (failures < 1) return 0;
  return Math.min(max, min * 2 ** Math.min(failures - 1, 30));
}

/** Failures that a retry cannot fix: the identity session is over. */
export const FATAL_CODES = new Set(["invalid-credential", "user-disabled", "user-not-found"]);
const isFatal = (error: unknown) => error instanceof IdentityError && FATAL_CODES.has(error.code);

export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const realClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Runs `refresh` when a token is due (TOKEN_REFRESH_LEAD_MS before expiry) and retries failures
 * with exponential backoff. `refresh` resolves with the new token's expiry (ms, local clock).
 */
export class TokenRefreshScheduler {
  private handle: unknown = undefined;
  private running = false;
  private inFlight = false;
  failures = 0;
  /** When the next refresh is due (ms), or null when stopped. */
  nextRunAt: number | null = null;

  constructor(
    private readonly refresh: () => Promise<{ expiresAt: number }>,
    private readonly options: { clock?: SchedulerClock; onFatal?: (error: unknown) => void; onError?: (error: unknown) => void } = {},
  ) {}

  private get clock() {
    return this.options.clock ?? realClock;
  }

  get isRunning() {
    return this.running;
  }

  /** Start: refresh at once, or when a token expiring at `expiresAt` becomes due. */
  start(expiresAt?: number): void {
    this.stop();
    this.running = true;
    this.failures = 0;
    this.schedule(expiresAt === undefined ? 0 : refreshDelay(expiresAt, this.clock.now()));
  }

  stop(): void {
    this.running = false;
    this.nextRunAt = null;
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }

  /** Refresh now (e.g. the tab woke up after the due time). */
  runNow(): void {
    if (this.running && !this.inFlight) this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.nextRunAt = this.clock.now() + ms;
    this.handle = this.clock.setTimeout(() => void this.run(), ms);
  }

  private async run() {
    this.handle = undefined;
    if (!this.running || this.inFlight) return;
    this.inFlight = true;
    try {
      const { expiresAt } = await this.refresh();
      if (!this.running) return;
      this.failures = 0;
      const delay = refreshDelay(expiresAt, this.clock.now());
      // A token that is already due (clock trouble) must not make a busy loop.
      this.schedule(delay > 0 ? delay : TOKEN_REFRESH_RETRY_MIN_MS);
    } catch (error) {
      if (!this.running) return;
      if (isFatal(error)) {
        this.stop();
        this.options.onFatal?.(error);
        return;
      }
      this.failures++;
      this.options.onError?.(error);
      this.schedule(retryDelay(this.failures));
    } finally {
      this.inFlight = false;
    }
  }
}

// ---- the browser client ----------------------------------------------------------------------

interface TokenResponse {
  idToken: string;
  expiresAt: number;
}

/** Lifetime from the token itself, so a wrong local clock does not matter. */
function localExpiry(idToken: string, serverExpiresAt: number, receivedAt: number): number {
  try {
    const payload = JSON.parse(atob(idToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { iat?: number; exp?: number };
    if (typeof payload.iat === "number" && typeof payload.exp === "number" && payload.exp > payload.iat)
      return receivedAt + (payload.exp - payload.iat) * 1000;
  } catch {
    /* fall back to the server's figure */
  }
  return serverExpiresAt;
}

async function postJson(url: string, body: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await http().request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch (error) {
    throw toIdentityError(error);
  }
  if (!res.ok) throw await identityErrorFromResponse(res);
  return res;
}

/** One refresh at a time across the tabs of this browser (they share the rotating cookie). */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return fn();
  return locks.request("platen-identity-refresh", fn) as Promise<T>;
}

type TokenListener = (token: string | null) => void;

export class IdentityClient {
  private token: string | null = null;
  private expiresAt = 0;
  private uid: string | null = null;
  /** Bumped on sign-out: a refresh that was under way then must not sign the browser back in. */
  private generation = 0;
  private readonly listeners = new Set<TokenListener>();
  readonly scheduler: TokenRefreshScheduler;

  constructor() {
    this.scheduler = new TokenRefreshScheduler(() => this.refresh(), {
      onFatal: (error) => {
        this.setToken(null, 0);
        // A disabled account is signed out everywhere: let the server forget this session too.
        if (error instanceof IdentityError && error.code === "user-disabled") {
          void this.postSession(null)
            .catch(() => undefined)
            .then(() => window.location.assign("/login"));
        }
      },
    });
  }

  /** The current ID token (refreshed first when it is about to expire), or null. */
  async getIdToken(): Promise<string | null> {
    if (this.token && refreshDelay(this.expiresAt, Date.now()) > 0) return this.token;
    if (!this.uid) return null;
    try {
      await this.refresh();
    } catch {
      return null;
    }
    return this.token;
  }

  onTokenChange(listener: TokenListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A user is signed in (root loader): get a token at once and keep it fresh. */
  start(uid: string): void {
    if (this.uid === uid && this.scheduler.isRunning) return;
    this.uid = uid;
    this.scheduler.start();
  }

  /** Signed out: forget the token, stop refreshing. */
  stop(): void {
    this.generation++;
    this.uid = null;
    this.scheduler.stop();
    this.setToken(null, 0);
  }

  /** Wake up after sleep: refresh when the token is due. */
  checkDue(): void {
    if (this.uid && refreshDelay(this.expiresAt, Date.now()) === 0) this.scheduler.runNow();
  }

  /** POST /identity/token (refresh cookie), then POST /api/__session with the new token. */
  async refresh(): Promise<{ expiresAt: number }> {
    const generation = this.generation;
    const body = await withRefreshLock(async () => {
      const res = await postJson("/identity/token", {});
      return (await res.json()) as TokenResponse;
    });
    if (generation !== this.generation) throw new IdentityError("invalid-credential", "Signed out while the token was being refreshed.");
    const expiresAt = localExpiry(body.idToken, body.expiresAt, Date.now());
    this.setToken(body.idToken, expiresAt);
    await this.postSession(body.idToken);
    return { expiresAt };
  }

  /** Tell the server about the token (it sets or, with null, clears the session cookie). */
  async postSession(token: string | null): Promise<{ user: { uid: string } | null }> {
    const res = await postJson("/api/__session", { token });
    return (await res.json()) as { user: { uid: string } | null };
  }

  private setToken(token: string | null, expiresAt: number) {
    const changed = token !== this.token;
    this.token = token;
    this.expiresAt = expiresAt;
    if (changed) for (const l of this.listeners) l(token);
  }
}

let client: IdentityClient | undefined;
/** The one identity client of this page. */
export function identityClient(): IdentityClient {
  client ??= new IdentityClient();
  return client;
}
