import { describe, expect, it } from 'vitest';
import type { Change, ServerRecord } from '../../shared/sync';
import { watchFileRefs } from './file-refs';

const hlc = (n: number) => `001795262400000-000${n}-0123456789abcdef`;
const sealedFile = 'v1.docs~1.AAAAAAAAAAAAAAAA.BBBB'; // an envelope: the server cannot read the blob id in it

const record = (values: Record<string, unknown>): ServerRecord => ({ collection: 'documents', id: 'd1', seq: 1, values, clocks: Object.fromEntries(Object.keys(values).map((k) => [k, hlc(1)])) });

describe('file references of sealed records (shared/sync/README.md rule 24)', () => {
  it('the plain fileBlobId names the blob a record keeps when its file reference is sealed', () => {
    const before = record({ file: sealedFile, fileBlobId: 'blobAAAAAAAAAAAAAAAA' });
    const change: Change = { collection: 'documents', id: 'd1', hlc: hlc(2), fields: { file: sealedFile, fileBlobId: 'blobBBBBBBBBBBBBBBBB' } };
    const after = record({ file: sealedFile, fileBlobId: 'blobBBBBBBBBBBBBBBBB' });
    expect(watchFileRefs([change], () => before).after(() => after)).toEqual({ referenced: ['blobBBBBBBBBBBBBBBBB'], released: ['blobAAAAAAAAAAAAAAAA'] });
  });

  it('a record written before fileBlobId existed still names its blob in file; a delete releases it', () => {
    const before = record({ file: { blobId: 'blobCCCCCCCCCCCCCCCC' } });
    const change: Change = { collection: 'documents', id: 'd1', hlc: hlc(2), fields: { _deleted: true } };
    const after = record({ file: { blobId: 'blobCCCCCCCCCCCCCCCC' }, _deleted: true });
    expect(watchFileRefs([change], () => before).after(() => after)).toEqual({ referenced: [], released: ['blobCCCCCCCCCCCCCCCC'] });
  });
});
