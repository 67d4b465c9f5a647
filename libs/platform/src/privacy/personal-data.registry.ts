import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/**
 * A person, as an erasure or an export finds them: their address, and every subject id their
 * data is filed under in `personal_data` (their address's, and those the modules link to it, such
 * as the conversations about shots they claimed).
 */
export interface DataSubject {
  /** Normalised (normaliseEmail). */
  email: string;
  subjects: string[];
}

/** What an erasure removed from one module, and what to do once it has committed (Redis). */
export interface ErasedRecords {
  records: number;
  afterCommit?: () => Promise<void>;
}

/**
 * A module's part in the privacy promises: what it holds about a person, and how it forgets
 * them. Each module that keeps personal data in its tables provides one, which registers itself
 * (`constructor(registry: PersonalDataRegistry) { registry.register(this) }`); the privacy
 * service asks them all.
 */
export interface PersonalDataHolder {
  /**
   * Erased after every other holder: the mail log, which a job writes to while it holds the
   * person's other rows (the erasure waits for those locks first, then clears what it wrote).
   */
  readonly erasedLast?: boolean;
  /** Subject ids, beyond the address's own, under which this module files the person's data. */
  linkedSubjects?(email: string, db: EntityManager): Promise<string[]>;
  /**
   * The ids of events about the person that the export's history would not find on its own: it
   * takes the events whose personal fields are filed under the person's subjects and every event
   * of the records those belong to; an event on a record shared with others (an admission's
   * invite of this member) is named here.
   */
  linkedEvents?(person: DataSubject, db: EntityManager): Promise<string[]>;
  /** What this module holds about the person, under the export's keys. */
  collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>>;
  /** Removes the person from this module's tables, in the erasure's transaction. */
  erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords>;
}

/** What a module forgets once it has outlived its retention period (README, "Personal data"). */
export interface RetentionRule {
  /**
   * Forgets what is past its period at `now` (the worker's retention job): how many of each
   * kind, under a name for the worker's metrics ('mail_bodies').
   */
  expire(now: Date, db: EntityManager): Promise<Record<string, number>>;
}

/** `now` less whole months (calendar months, as the policy states them). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** Every module's holder and retention rules, in registration order. */
@Injectable()
export class PersonalDataRegistry {
  private readonly holders: PersonalDataHolder[] = [];

  private readonly rules: RetentionRule[] = [];

  register(holder: PersonalDataHolder): void {
    if (!this.holders.includes(holder)) this.holders.push(holder);
  }

  registerRetention(rule: RetentionRule): void {
    if (!this.rules.includes(rule)) this.rules.push(rule);
  }

  all(): readonly PersonalDataHolder[] {
    return this.holders;
  }

  retentionRules(): readonly RetentionRule[] {
    return this.rules;
  }
}
