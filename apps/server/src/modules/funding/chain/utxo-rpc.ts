/**
 * A Bitcoin Core JSON-RPC client (Bitcoin, Litecoin and Dogecoin nodes share the protocol): one call per
 * request, HTTP basic auth from the URL or the settings, a timeout. A node that does not answer in time,
 * answers garbage or an error throws: the caller's run fails and the next one asks again.
 */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export interface RpcOptions {
  url: string;
  user?: string;
  password?: string;
  timeoutMs?: number;
}

export class UtxoRpc {
  private readonly url: string;
  private readonly auth: string | null;
  private readonly timeoutMs: number;
  private id = 0;

  constructor(o: RpcOptions) {
    const u = new URL(o.url);
    const user = o.user ?? decodeURIComponent(u.username);
    const password = o.password ?? decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
    this.url = u.toString().replace(/\/$/, '');
    this.auth = user ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : null;
    this.timeoutMs = o.timeoutMs ?? 30_000;
  }

  /** The same node, its wallet `name` (wallet calls go to /wallet/<name>). */
  wallet(name: string): UtxoRpc {
    const w = Object.create(this) as UtxoRpc;
    Object.defineProperty(w, 'url', { value: `${this.url}/wallet/${encodeURIComponent(name)}` });
    return w;
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.auth) headers.authorization = this.auth;
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '1.0', id: ++this.id, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new RpcError(`${method}: node unreachable (${(err as Error).message})`, null);
    }
    const text = await res.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new RpcError(`${method}: HTTP ${res.status}, not JSON-RPC: ${text.slice(0, 120)}`, null);
    }
    if (body === null || typeof body !== 'object' || !('result' in body || 'error' in body))
      throw new RpcError(`${method}: not a JSON-RPC answer`, null);
    if (body.error) throw new RpcError(`${method}: ${body.error.message}`, body.error.code);
    return body.result as T;
  }
}
