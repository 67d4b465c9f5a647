import { QueryFailedError } from 'typeorm';

/**
 * True when `error` is Postgres refusing a duplicate (23505) and `part` appears in the
 * violated constraint's name or its detail ("Key (email_normalized)=(...) already exists").
 */
export function isUniqueViolation(error: unknown, part: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string; detail?: string };
  return driverError.code === '23505' && `${driverError.constraint} ${driverError.detail}`.includes(part);
}
