import { QueryFailedError } from 'typeorm';

/** True when `error` is Postgres refusing a duplicate on a unique index whose name contains `constraintPart`. */
export function isUniqueViolation(error: unknown, constraintPart: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (driverError.constraint ?? '').includes(constraintPart);
}
