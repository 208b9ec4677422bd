import { APICallError, RetryError } from 'ai';

/** A provider's failure as a sentence for the user: status and kind only, never its body or headers. */
export function describeModelError(error: unknown): string {
  // The SDK wraps the last failure after its retries.
  if (RetryError.isInstance(error)) return describeModelError(error.lastError);
  if (APICallError.isInstance(error)) {
    return error.statusCode
      ? `The language model service answered with an error (HTTP ${error.statusCode}).`
      : 'The language model service could not be reached.';
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return 'The language model took too long to answer.';
  }
  return 'The language model failed while answering.';
}
