/**
 * What the release pages (page-data.ts, trustee-pages.ts, task-marks.ts) read of the server's
 * services: the records and their store, the release, files, the escrow, the messages' keys and
 * the release keys. services.ts builds these (its Services has them all); naming them here keeps
 * the pages from importing services.ts, which imports them (no circle, issue 42).
 */
import type { BlobService } from '../blobs';
import type { AsyncRecordStore, RecordService, RecordStore } from '../records';
import type { EscrowService } from './escrow/escrow';
import type { MessageKeys } from './kits/message-keys';
import type { ReleaseKeys } from './release-keys';
import type { ReleaseService } from './types';

export interface PageServices {
  store: RecordStore | AsyncRecordStore;
  records: RecordService;
  release: ReleaseService;
  blobs: BlobService;
  escrow: EscrowService;
  messageKeys: MessageKeys;
  releaseKeys: ReleaseKeys;
}
