import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService, SettingsOf } from '@swishly/platform';
import { createElement } from 'react';
import { AdminSettings } from '../../admin.settings';
import { ResetTokens } from '../../auth/reset-tokens';
import { StaffInvitationEmail } from '../emails/staff-invitation.email';
import { SendStaffInvitationEmail, StaffInvited } from '../staff.events';
import { StaffInvitationsRepository } from '../staff-invitations.repository';

type Payload = ReturnType<typeof StaffInvited>['payload'];

/**
 * Emails the invitation's link `/admin/invitation?token=...` (unless it was accepted, revoked or
 * expired meanwhile). Direct mail to the person invited: no unsubscribe.
 */
@Injectable()
@HandlesConsumer(SendStaffInvitationEmail)
export class SendStaffInvitationEmailJob implements ConsumerHandler<Payload> {
  constructor(
    private readonly mail: MailService,
    private readonly tokens: ResetTokens,
    private readonly invitations: StaffInvitationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    const invitation = await this.invitations.findById(event.payload.invitationId, context.manager);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt < new Date()) return;
    const link = new URL('/admin/invitation', this.config.PUBLIC_URL);
    link.searchParams.set('token', this.tokens.invitationTokenFor(invitation.id));
    await this.mail.deliver(
      {
        to: invitation.email,
        subject: `You're invited to the ${this.config.BRAND_NAME} admin`,
        template: 'staff-invitation',
        eventId: event.id,
        secretLinks: true,
        content: createElement(StaffInvitationEmail, {
          brand: this.config.BRAND_NAME,
          role: invitation.role,
          acceptLink: link.toString(),
          expiresInHours: this.settings.STAFF_INVITATION_TTL_HOURS,
        }),
      },
      context,
    );
  }
}
