import { Module } from '@nestjs/common';

/**
 * Admin users, sessions, password reset, early-access codes and settings, creator codes,
 * the queue dashboard. Filled by the admin issue.
 */
@Module({})
export class AdminModule {}
