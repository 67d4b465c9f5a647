import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff's searches (the waitlist, the mail log) ignore accents both ways ("Renee" finds "Renée",
 * "Renée" finds "Renee"): Postgres's unaccent, a contrib extension every Postgres package ships.
 */
export class SearchWithoutAccents1763700002920 implements MigrationInterface {
  name = 'SearchWithoutAccents1763700002920';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
  }

  async down(): Promise<void> {
    // The extension may serve others: it stays.
  }
}
