import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertFileName, compareNames, contentTypeOf, type ListOptions, type Storage, type StorageEntry, type StoredFile } from './storage';

/**
 * The documents bucket as a folder (the embedded default): `${DATA_DIR}/storage/documents/`. Writes go
 * to a hidden temporary file renamed into place, so a reader never sees half a file. A name with a
 * folder part or "..", and a file that resolves outside the folder (a symbolic link), are refused.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  async ensure(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(name: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const file = this.pathOf(name);
    await this.ensure();
    const temporary = path.join(this.root, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<StoredFile | null> {
    const file = await this.existingFile(name);
    if (!file) return null;
    // Open first, then stat the open file: the size belongs to the bytes streamed, even if the file is
    // replaced in between.
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream({ autoClose: true }), size: info.size, contentType: contentTypeOf(name) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async list({ limit, offset }: ListOptions): Promise<StorageEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const visible = names.filter((name) => !name.startsWith('.')).sort(compareNames);
    const entries: StorageEntry[] = [];
    for (const name of visible.slice(offset)) {
      if (entries.length >= limit) break;
      const info = await stat(path.join(this.root, name)).catch(() => null);
      if (info?.isFile()) entries.push({ name, size: info.size });
    }
    return entries;
  }

  async remove(name: string): Promise<boolean> {
    const file = this.pathOf(name);
    try {
      await unlink(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async close(): Promise<void> {}

  /** The file's path in the folder; throws for a name the bucket does not accept. */
  private pathOf(name: string): string {
    assertFileName(name);
    const file = path.join(this.root, name);
    if (path.dirname(file) !== this.root) throw new Error(`Refused path outside the documents folder: ${name}`);
    return file;
  }

  /** The real path of an existing file inside the folder; null when missing or outside it. */
  private async existingFile(name: string): Promise<string | null> {
    const file = this.pathOf(name);
    let real: string;
    let root: string;
    try {
      [real, root] = await Promise.all([realpath(file), realpath(this.root)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return path.dirname(real) === root ? real : null;
  }
}
