/**
 * Files (blobs/), as the other domains use them: the blob service's type, and serving a released
 * file's ciphertext to a trustee or recipient within the owner's byte budget.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { ciphertextRange } from './chunks';
export { createDownloadBudget, releasedFile, serveStoredFile } from './release-files';
export { type BlobService } from './service';
