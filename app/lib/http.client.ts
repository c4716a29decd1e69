import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from "./constants.ts";
import { BREAKPOINTS } from "./theme-constants.ts";

/**
 * The browser's generic HTTP client (spec section 7): its base URL comes from runtime
 * configuration (root loader `publicConfig.apiBaseUrl`), and requests time out after 30 s on
 * desktop and 60 s on mobile (spec section 9; mobile is below the `sm` breakpoint).
 */
export type HttpErrorCode = "network-request-failed" | "timeout" | "http-error";

export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function isMobileViewport(width: number | undefined = typeof window === "undefined" ? undefined : window.innerWidth): boolean {
  return typeof width === "number" && width < BREAKPOINTS.sm;
}

export function networkTimeoutMs(width?: number): number {
  return isMobileViewport(width) ? NETWORK_TIMEOUT_MOBILE_MS : NETWORK_TIMEOUT_DESKTOP_MS;
}

export interface HttpClientOptions {
  /** Absolute (`https://api.example.com/`) or empty for the page's own origin. */
  baseUrl?: string;
  timeoutMs?: number | (() => number);
  fetchImpl?: typeof fetch;
}

export interface HttpClient {
  readonly baseUrl: string;
  url(path: string): string;
  request(path: string, init?: RequestInit & { timeoutMs?: number }): Promise<Response>;
  getJson<T = unknown>(path: string, init?: RequestInit & { timeoutMs?: number }): Promise<T>;
  postJson<T = unknown>(path: string, body: unknown, init?: RequestInit & { timeoutMs?: number }): Promise<T>;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutOf = (override?: number) =>
    override ?? (typeof options.timeoutMs === "function" ? options.timeoutMs() : (options.timeoutMs ?? networkTimeoutMs()));

  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith("/") ? "" : "/"}${path}`);

  async function request(path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
    const { timeoutMs, signal, ...rest } = init;
    const timeout = AbortSignal.timeout(timeoutOf(timeoutMs));
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await doFetch(url(path), { credentials: "same-origin", ...rest, signal: combined });
    } catch (error) {
      if (timeout.aborted) throw new HttpError("timeout", "The server took too long to answer. Check your connection and try again.");
      if (signal?.aborted) throw error;
      throw new HttpError("network-request-failed", "Network request failed");
    }
  }

  async function json<T>(res: Response): Promise<T> {
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (!res.ok) throw new HttpError("http-error", `The server answered ${res.status}.`, res.status, body);
    return body as T;
  }

  return {
    baseUrl,
    url,
    request,
    async getJson<T>(path: string, init?: RequestInit & { timeoutMs?: number }) {
      return json<T>(await request(path, { ...init, method: "GET", headers: { Accept: "application/json", ...init?.headers } }));
    },
    async postJson<T>(path: string, body: unknown, init?: RequestInit & { timeoutMs?: number }) {
      return json<T>(
        await request(path, {
          ...init,
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", ...init?.headers },
          body: JSON.stringify(body ?? {}),
        }),
      );
    },
  };
}

let shared: HttpClient = createHttpClient();

/** Set from the root loader's runtime configuration. */
export function configureHttp(options: HttpClientOptions): void {
  shared = createHttpClient(options);
}

/** The app-wide client. */
export function http(): HttpClient {
  return shared;
}
