import { findJsonProblem, JSON_LIMITS, jsonTextDepth } from '@penny/contracts';
import { ServiceError } from '../services/errors.ts';

/**
 * A webhook's raw bytes read as JSON: UTF-8, the contracts' text rule and depth bound checked on the
 * text before JSON.parse builds it (docs/security.md), as every other body is. Bad input is a 4xx.
 */
export function readJsonBody(body: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ServiceError('request:not-json', 'Request body must be valid JSON.');
  }
  if (jsonTextDepth(text) > JSON_LIMITS.maxDepth)
    throw new ServiceError('request:invalid', 'Request body is nested too deeply.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError('request:not-json', 'Request body must be valid JSON.');
  }
  const problem = findJsonProblem(json);
  if (problem)
    throw new ServiceError('request:invalid', `Invalid request: ${problem.path} ${problem.message}.`);
  return json;
}
