/** The sync protocol: clock, merge, changes, records, wire format. See README.md beside this file. */
export * from './hlc';
export * from './merge';
export * from './record';
export * from './change';
export * from './protocol';
export * from './protocol-schema';
export * from './generated';
export * from './default-task-records';
export * from './versions';
