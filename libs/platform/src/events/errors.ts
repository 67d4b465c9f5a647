export class StreamVersionConflictError extends Error {
  readonly code = 'version_conflict';

  constructor(
    readonly streamType: string,
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamType}/${streamId} was changed by someone else (expected version ${expectedVersion})`);
  }
}
