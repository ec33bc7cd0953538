import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How the instances on one database tell each other "a session may have changed: read it afresh"
 * (docs/decisions/0025-session-cache.md). A cache serves only while its channel is `listening`: an instance
 * that could miss another's announcement reads every session from the database.
 */
export interface InvalidationChannel {
  readonly listening: boolean;
  /** Tells every other instance; resolves once the announcement is out (or could not be sent). */
  publish(): Promise<void>;
  /** `listener` runs on another instance's announcement, and whenever this channel stops or starts listening. */
  onInvalidate(listener: () => void): void;
  close(): Promise<void>;
}

/** One instance alone on its database (the embedded SQLite, held by its instance lock): nothing to tell. */
export function localChannel(): InvalidationChannel {
  return {
    listening: true,
    publish: async () => undefined,
    onInvalidate: () => undefined,
    close: async () => undefined,
  };
}

/** Several instances may share the database and none can hear the others: no session is cached. */
export function silentChannel(): InvalidationChannel {
  return { ...localChannel(), listening: false };
}

const PUBLISH_TIMEOUT_MS = 500;

/**
 * Redis publish/subscribe on `name`. Redis hands a message to every subscriber's connection before it
 * answers the publish, so the announcement is on its way to the other instances before the write's answer
 * leaves this one.
 */
export function redisChannel(url: string, name: string, log: FastifyBaseLogger): InvalidationChannel {
  // Loaded only when REDIS_URL is set, as the limits do (a start without Redis never reads the package).
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const self = randomUUID();
  const listeners: (() => void)[] = [];
  const tell = () => listeners.forEach((listener) => listener());
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const publisher = new Redis(url, { ...options, commandTimeout: PUBLISH_TIMEOUT_MS });
  // The subscriber must queue its SUBSCRIBE until connected (and again after each reconnection).
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, autoResubscribe: true });
  let listening = false;
  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    // Either way nothing cached may outlive the change: announcements may have been missed meanwhile.
    tell();
    if (!value) log.warn('Redis unreachable: sessions are read from the database until it returns');
  };
  publisher.on('error', () => undefined); // reported by the subscriber, which goes away with it
  subscriber.on('error', () => setListening(false));
  subscriber.on('close', () => setListening(false));
  subscriber.on('ready', () => {
    subscriber.subscribe(name).then(
      () => setListening(true),
      () => setListening(false),
    );
  });
  subscriber.on('message', (channel: string, sender: string) => {
    if (channel === name && sender !== self) tell();
  });

  return {
    get listening() {
      return listening;
    },
    async publish() {
      try {
        await publisher.publish(name, self);
      } catch (error) {
        // The other instances' subscribers are likely cut off too, and stop serving from their caches.
        log.warn({ err: error }, 'a session change could not be announced through Redis');
      }
    },
    onInvalidate: (listener) => void listeners.push(listener),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * Redis when REDIS_URL is set (the instances on one database hear each other); else the embedded SQLite
 * alone (its instance lock keeps a second process off the file); else PostgreSQL, which several instances
 * may share unheard: no cache.
 */
export function invalidationChannelFor(options: {
  redisUrl?: string;
  engine: 'sqlite' | 'postgres';
  databaseIdentity: string;
  log: FastifyBaseLogger;
}): InvalidationChannel {
  if (options.redisUrl) {
    const name = `agencyhq:session-writes:${createHash('sha256').update(options.databaseIdentity).digest('hex').slice(0, 16)}`;
    return redisChannel(options.redisUrl, name, options.log);
  }
  return options.engine === 'sqlite' ? localChannel() : silentChannel();
}
