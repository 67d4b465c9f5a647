import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService, SettingsOf } from '@swishly/platform';
import { createElement } from 'react';
import { AdminPasswordResetRequested, SendPasswordResetEmail } from '../admin-auth.events';
import { PasswordResetEmail } from '../emails/password-reset.email';
import { PasswordResetsRepository } from '../password-resets.repository';
import { ResetTokens } from '../reset-tokens';
import { AdminSettings } from '../../admin.settings';

type Payload = ReturnType<typeof AdminPasswordResetRequested>['payload'];

/** Emails the reset link `/admin/login?mode=reset&token=...` (unless it was used or expired meanwhile). */
@Injectable()
@HandlesConsumer(SendPasswordResetEmail)
export class SendPasswordResetEmailJob implements ConsumerHandler<Payload> {
  constructor(
    private readonly mail: MailService,
    private readonly tokens: ResetTokens,
    private readonly resets: PasswordResetsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    const reset = await this.resets.findById(event.payload.resetId, context.manager);
    if (!reset || reset.usedAt || reset.expiresAt < new Date()) return;
    const link = new URL('/admin/login', this.config.PUBLIC_URL);
    link.searchParams.set('mode', 'reset');
    link.searchParams.set('token', this.tokens.tokenFor(reset.id));
    await this.mail.deliver(
      {
        to: event.payload.email,
        subject: `Reset your ${this.config.BRAND_NAME} admin password`,
        template: 'admin-password-reset',
        eventId: event.id,
        secretLinks: true,
        content: createElement(PasswordResetEmail, {
          brand: this.config.BRAND_NAME,
          resetLink: link.toString(),
          expiresInMinutes: this.settings.ADMIN_RESET_TOKEN_TTL_MINUTES,
        }),
      },
      context,
    );
  }
}
