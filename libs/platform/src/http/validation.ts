import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messages(e.children ?? [])]);
}

/** Validates DTOs, drops unknown fields, and answers 400 with readable messages. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException({ message: messages(errors).join('. '), code: 'validation_failed' }),
  });
}

/** For `@Transform`: strings arrive trimmed (other values pass through to the validators). */
export const trimString = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** For `@Transform`: codes arrive trimmed and in upper case. */
export const upperCaseString = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
