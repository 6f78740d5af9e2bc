import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip written front to back into a stream, as an .xlsx needs: small parts deflated whole, one large
 * part deflated as it is written (its sizes follow it in a data descriptor), then the central directory.
 * Deflate runs in zlib's thread pool, beside the thread that writes the XML. No zip64: a part or the
 * file beyond 4 GiB fails the stream instead of writing a zip that readers misread.
 */
export type ZipWriter = {
  /** A part whose whole content is at hand. */
  add(name: string, content: string): Promise<void>;
  /** A part written piece by piece; each `write` resolves once the output can take more. */
  open(name: string): { write(text: string): Promise<void>; close(): Promise<void> };
  /** The central directory; the output is ended after it. */
  finish(): Promise<void>;
};

const LIMIT = 0xffffffff;
/** General purpose flags: names in UTF-8 (bit 11), and sizes after the data (bit 3) for a streamed part. */
const UTF8 = 0x0800;
const DESCRIBED_AFTER = 0x0008;

type Entry = { name: Buffer; flags: number; crc: number; compressed: number; size: number; offset: number };

/** Resolves when `out` wants more bytes, rejects when it is gone (the client went away). */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('the output was closed'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the output was closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}

function dosDateTime(at: Date) {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return { time, date };
}

export function zipWriter(out: Writable, opts: { level: number; now?: Date }): ZipWriter {
  const { time, date } = dosDateTime(opts.now ?? new Date());
  const entries: Entry[] = [];
  let offset = 0;

  const emit = async (bytes: Buffer) => {
    offset += bytes.length;
    if (offset > LIMIT) throw new Error('the export is larger than a zip without zip64 can hold (4 GiB)');
    out.write(bytes);
    await drained(out);
  };

  /**
   * The fields a local header (at 4) and a central directory entry (at 6, after "version made by") share:
   * version needed, flags, method (deflate), time, date, crc, sizes and the name's length.
   */
  const describe = (h: Buffer, e: Entry, at: number) => {
    h.writeUInt16LE(20, at);
    h.writeUInt16LE(e.flags, at + 2);
    h.writeUInt16LE(8, at + 4);
    h.writeUInt16LE(time, at + 6);
    h.writeUInt16LE(date, at + 8);
    h.writeUInt32LE(e.crc, at + 10);
    h.writeUInt32LE(e.compressed, at + 14);
    h.writeUInt32LE(e.size, at + 18);
    h.writeUInt16LE(e.name.length, at + 22);
    return h;
  };

  const localHeader = (e: Entry) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    return Buffer.concat([describe(h, e, 4), e.name]);
  };

  const entry = (name: string, flags: number): Entry => ({
    name: Buffer.from(name, 'utf8'),
    flags,
    crc: 0,
    compressed: 0,
    size: 0,
    offset,
  });

  return {
    async add(name, content) {
      const data = Buffer.from(content, 'utf8');
      const packed = deflateRawSync(data, { level: opts.level });
      const e = { ...entry(name, UTF8), crc: crc32(data), compressed: packed.length, size: data.length };
      entries.push(e);
      await emit(localHeader(e));
      await emit(packed);
    },

    open(name) {
      const e = entry(name, UTF8 | DESCRIBED_AFTER);
      entries.push(e);
      const deflate = createDeflateRaw({ level: opts.level, chunkSize: 64 * 1024 });
      const failed = new Promise<never>((_, reject) => deflate.once('error', reject));
      failed.catch(() => {});
      // The deflated bytes go out as they come; the deflater waits while the output is full.
      deflate.on('data', (chunk: Buffer) => {
        e.compressed += chunk.length;
        offset += chunk.length;
        if (!out.write(chunk)) {
          deflate.pause();
          drained(out).then(
            () => deflate.resume(),
            (err: Error) => deflate.destroy(err),
          );
        }
      });
      const ended = new Promise<void>((resolve) => deflate.once('end', resolve));
      let ready: Promise<unknown> = emit(localHeader(e));
      // Awaited by the next write; until then a closed output must not count as an unhandled rejection.
      ready.catch(() => {});
      return {
        async write(text) {
          // The previous piece is deflated while this one was built; wait for it only now.
          await Promise.race([ready, failed]);
          const data = Buffer.from(text, 'utf8');
          e.crc = crc32(data, e.crc);
          e.size += data.length;
          if (e.size > LIMIT) throw new Error('the sheet is larger than a zip without zip64 can hold (4 GiB)');
          ready = deflate.write(data) ? Promise.resolve() : new Promise((r) => deflate.once('drain', r));
        },
        async close() {
          await Promise.race([ready, failed]);
          deflate.end();
          await Promise.race([ended, failed]);
          const d = Buffer.alloc(16);
          d.writeUInt32LE(0x08074b50, 0);
          d.writeUInt32LE(e.crc, 4);
          d.writeUInt32LE(e.compressed, 8);
          d.writeUInt32LE(e.size, 12);
          await emit(d);
        },
      };
    },

    async finish() {
      const start = offset;
      for (const e of entries) {
        const h = Buffer.alloc(46);
        h.writeUInt32LE(0x02014b50, 0);
        h.writeUInt16LE(20, 4);
        describe(h, e, 6);
        h.writeUInt32LE(e.offset, 42);
        await emit(Buffer.concat([h, e.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      await emit(end);
      out.end();
    },
  };
}
