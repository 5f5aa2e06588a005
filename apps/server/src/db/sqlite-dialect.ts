/**
 * Kysely's SQLite dialect with a queue in front of its one connection.
 *
 * Kysely's own SQLite driver guards the connection with a mutex that, when released, wakes EVERY
 * waiter: each re-checks the lock, one takes it and the rest wait again. With N requests waiting for
 * the connection (128 clients asking GET /healthz at once, say) every query then costs N wake-ups, and
 * the server spent more CPU on them than on the query itself (docs/perf/order-cost.md). Here the
 * connection is handed straight to the next waiter, in arrival order: one wake-up per query, and the
 * same one-at-a-time use of the connection as before (a transaction holds it until it ends).
 */
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

class QueuedSqliteDriver extends SqliteDriver {
  #connection: DatabaseConnection | undefined;
  #held = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];
  #next = 0;

  override async init(): Promise<void> {
    await super.init();
    // The driver's own mutex is taken once, here, and never released: the queue below replaces it.
    this.#connection = await super.acquireConnection();
  }

  override acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#connection!;
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  override async releaseConnection(): Promise<void> {
    if (this.#next < this.#waiting.length) {
      const resolve = this.#waiting[this.#next]!;
      this.#waiting[this.#next++] = undefined as never;
      if (this.#next === this.#waiting.length) {
        this.#waiting.length = 0;
        this.#next = 0;
      } else if (this.#next >= 1024 && this.#next * 2 >= this.#waiting.length) {
        // A queue that never empties (steady load) drops its served half now and then, not never.
        this.#waiting.splice(0, this.#next);
        this.#next = 0;
      }
      resolve(this.#connection!); // still held: it passes to the next in line
    } else {
      this.#held = false;
    }
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config);
  }
}
