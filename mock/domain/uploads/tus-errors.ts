import { ApiFailure } from '../errors';

/**
 * A tus-level refusal as tusd (2.x) answers it: its status, and a plain-text body naming tusd's
 * error code, `ERR_MISMATCHED_OFFSET: mismatched offset`.
 */
export class TusFailure extends ApiFailure {
  /** tusd's name of the error, the first word of the body. */
  readonly tusCode: string;

  constructor(tusCode: string, msg: string, status: number) {
    super(msg, 'BAD_REQUEST', status);
    this.name = 'TusFailure';
    this.tusCode = tusCode;
  }

  /** The body tusd writes. */
  get body(): string {
    return `${this.tusCode}: ${this.msg}\n`;
  }
}

/**
 * A refusal by the server's tusd hooks (`reject_upload`): tusd answers it with the hook's status
 * and its JSON body, `{"message": ...}`.
 */
export class TusHookRejection extends ApiFailure {
  /** `headers`: what tusd had already put in its answer (the `Upload-Offset` of a last chunk). */
  constructor(msg: string, status: number, headers: Readonly<Record<string, string>> = {}) {
    super(msg, 'BAD_REQUEST', status, {}, headers);
    this.name = 'TusHookRejection';
  }
}

/** The tusd errors the mock's endpoint answers, with tusd's codes, texts and statuses. */
const TUSD_ERRORS = {
  unsupportedVersion: ['ERR_UNSUPPORTED_VERSION', 'missing, invalid or unsupported Tus-Resumable header', 412],
  invalidContentType: ['ERR_INVALID_CONTENT_TYPE', 'missing or invalid Content-Type header', 400],
  invalidUploadLength: ['ERR_INVALID_UPLOAD_LENGTH', 'missing or invalid Upload-Length header', 400],
  invalidOffset: ['ERR_INVALID_OFFSET', 'missing or invalid Upload-Offset header', 400],
  notFound: ['ERR_UPLOAD_NOT_FOUND', 'upload not found', 404],
  mismatchedOffset: ['ERR_MISMATCHED_OFFSET', 'mismatched offset', 409],
  sizeExceeded: ['ERR_UPLOAD_SIZE_EXCEEDED', "upload's size exceeded", 413],
  ambiguousLength: ['ERR_AMBIGUOUS_UPLOAD_LENGTH', 'provided both Upload-Length and Upload-Defer-Length', 400],
  invalidDeferLength: ['ERR_INVALID_UPLOAD_LENGTH_DEFER', 'invalid Upload-Defer-Length header', 400],
  terminationRejected: ['ERR_UPLOAD_TERMINATION_REJECTED', 'upload termination has been rejected by server', 400],
  interrupted: ['ERR_UPLOAD_INTERRUPTED', 'upload has been interrupted by another request for this upload resource', 400],
} as const satisfies Record<string, readonly [string, string, number]>;

/**
 * One of tusd's own errors.
 *
 * @example
 * throw tusError('mismatchedOffset'); // 409 "ERR_MISMATCHED_OFFSET: mismatched offset\n"
 */
export function tusError(name: keyof typeof TUSD_ERRORS): TusFailure {
  const [code, msg, status] = TUSD_ERRORS[name];
  return new TusFailure(code, msg, status);
}
