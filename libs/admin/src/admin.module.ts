import { MemberViewService } from './waitlist/member-view.service';
import { WaitlistExportsService } from './waitlist/waitlist-exports.service';
import { BroadcastsController } from './broadcasts/broadcasts.controller';
import { SendBroadcastChunk, SendBroadcastTest } from './broadcasts/broadcasts.events';
import { BroadcastsProjection } from './broadcasts/broadcasts.projection';
import { BroadcastsService } from './broadcasts/broadcasts.service';
import { SendBroadcastChunkJob } from './broadcasts/jobs/send-broadcast-chunk.job';
import { SendBroadcastTestJob } from './broadcasts/jobs/send-broadcast-test.job';
import { AdmissionsController } from './waitlist/admissions.controller';
import { InviteAdmittedMembers } from './waitlist/admissions.events';
import { AdmissionsProjection } from './waitlist/admissions.projection';
import { AdmissionsService } from './waitlist/admissions.service';
import { InviteAdmittedMembersJob } from './waitlist/jobs/invite-admitted-members.job';
import { AdminWaitlistController } from './waitlist/admin-waitlist.controller';
import { WaitlistImportsController } from './waitlist/waitlist-imports.controller';
import { SessionAddressesRetention } from './auth/session-addresses.retention';
import { PrivacyRequestsController } from './privacy/privacy-requests.controller';
import { PrivacyRequestsRetention } from './privacy/privacy-requests.retention';
import { PrivacyRequestsService } from './privacy/privacy-requests.service';
import { SendPrivacyRequestEmail } from './privacy/privacy.events';
import { SendPrivacyRequestEmailJob } from './privacy/jobs/send-privacy-request-email.job';
import { PrivacyController } from './privacy/privacy.controller';
import { PrivacyService } from './privacy/privacy.service';
import { EarlyAccessPersonalData } from './early-access/early-access-personal-data.holder';
import { PrivacyRequestsPersonalData } from './privacy/privacy-requests-personal-data.holder';
import { AdmissionsPersonalData } from './waitlist/admissions-personal-data.holder';
import { AwardReferralMilestonesJob } from './referral-milestones/jobs/award-referral-milestones.job';
import { CatchUpReferralMilestonesJob } from './referral-milestones/jobs/catch-up-referral-milestones.job';
import { MilestoneAwards } from './referral-milestones/milestone-awards.service';
import { ReferralMilestonesController } from './referral-milestones/referral-milestones.controller';
import { AwardReferralMilestones, CatchUpReferralMilestones } from './referral-milestones/referral-milestones.events';
import { ReferralMilestonesPersonalData } from './referral-milestones/referral-milestones-personal-data.holder';
import { ReferralMilestonesProjection } from './referral-milestones/referral-milestones.projection';
import { ReferralMilestonesService } from './referral-milestones/referral-milestones.service';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, DomainEventsModule } from '@swishly/platform';
import { AdminSettings } from './admin.settings';
import { AdminPasswordReset } from './auth/entities/admin-password-reset.entity';
import { AdminSession } from './auth/entities/admin-session.entity';
import { AdminUser } from './auth/entities/admin-user.entity';
import { SendPasswordResetEmail } from './auth/admin-auth.events';
import { AdminSessionsRepository } from './auth/admin-sessions.repository';
import { AdminUsersRepository } from './auth/admin-users.repository';
import { AdminSessionGuard } from './auth/admin-session.guard';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { SendPasswordResetEmailJob } from './auth/jobs/send-password-reset-email.job';
import { PasswordResetsRepository } from './auth/password-resets.repository';
import { ResetTokens } from './auth/reset-tokens';
import { SessionCookies } from './auth/session-cookies';
import { SessionsService } from './auth/sessions.service';
import { SecondFactorController } from './auth/second-factor.controller';
import { SecondFactorSecrets } from './auth/second-factor-secrets';
import { SecondFactorService } from './auth/second-factor.service';
import { SecondFactorSetupGuard } from './auth/second-factor-setup.guard';
import { SecondFactorsRepository } from './auth/second-factors.repository';
import { SecuritySettingsController } from './auth/security-settings.controller';
import { SignInLimitsService } from './auth/sign-in-limits.service';
import { EARLY_ACCESS_GRANTS } from '@swishly/events';
import { REFERRAL_MILESTONE_LADDER, WaitlistModule } from '@swishly/waitlist';
import { ContentModule } from '@swishly/content';
import { AdminResourcesController } from './resources/resources.controller';
import { AnalyticsModule } from '@swishly/analytics';
import { AnalyticsController } from './analytics/analytics.controller';
import { ReportFunnelProjection } from './analytics/funnel/report-funnel.projection';
import { ReportFunnelRepository } from './analytics/funnel/report-funnel.repository';
import { CreatorCodesController } from './creator-codes/creator-codes.controller';
import { EarlyAccessController } from './early-access/early-access.controller';
import { EarlyAccessCode } from './early-access/entities/early-access-code.entity';
import { EarlyAccessSettings } from './early-access/entities/early-access-settings.entity';
import { EarlyAccessProjection } from './early-access/early-access.projection';
import { EarlyAccessRepository } from './early-access/early-access.repository';
import { EarlyAccessService } from './early-access/early-access.service';
import { RedeemController } from './early-access/redeem.controller';
import { MailLogController } from './mail-log/mail-log.controller';
import { ResendEmail } from './mail-log/mail-log.events';
import { ResendEmailJob } from './mail-log/jobs/resend-email.job';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { StaffInvitation } from './staff/entities/staff-invitation.entity';
import { InvitationsController } from './staff/invitations.controller';
import { SendStaffInvitationEmailJob } from './staff/jobs/send-staff-invitation-email.job';
import { StaffController } from './staff/staff.controller';
import { SendStaffInvitationEmail } from './staff/staff.events';
import { StaffInvitationsRepository } from './staff/staff-invitations.repository';
import { StaffService } from './staff/staff.service';
import { PasskeysController } from './auth/passkeys.controller';
import { PasskeysRepository } from './auth/passkeys.repository';
import { PasskeysService } from './auth/passkeys.service';
import { DeliverWebhooksJob } from './integrations/webhooks/jobs/deliver-webhooks.job';
import { SendWebhookPausedEmailJob } from './integrations/webhooks/jobs/send-webhook-paused-email.job';
import { WebhookDeliveries } from './integrations/webhooks/webhook-deliveries.service';
import { WebhookEndpointsProjection } from './integrations/webhooks/webhook-endpoints.projection';
import { WebhooksController } from './integrations/webhooks/webhooks.controller';
import { DeliverWebhooks, SendWebhookPausedEmail } from './integrations/webhooks/webhooks.events';
import { WebhooksPersonalData } from './integrations/webhooks/webhooks-personal-data.holder';
import { WebhooksService } from './integrations/webhooks/webhooks.service';
import { ApiKeyGuard } from './integrations/api-keys/api-key.guard';
import { ApiKeysController } from './integrations/api-keys/api-keys.controller';
import { ApiKeysProjection } from './integrations/api-keys/api-keys.projection';
import { ApiKeysRepository } from './integrations/api-keys/api-keys.repository';
import { ApiKeysService } from './integrations/api-keys/api-keys.service';
import { ApiKey } from './integrations/api-keys/entities/api-key.entity';
import { MembersApiController } from './integrations/api-keys/members-api.controller';
import { MembersApiService } from './integrations/api-keys/members-api.service';

/**
 * Staff accounts and sessions, password reset, early-access codes and settings, creator codes
 * (managed here, owned by the waitlist),
 * outgoing webhooks, the mail log viewer and the queue dashboard (registered on Fastify by the API's bootstrap).
 * Global so that it can provide early access to the event booth (EARLY_ACCESS_GRANTS, declared by
 * the events module) without the public module importing the back office.
 */
@Global()
@Module({
  imports: [
    WaitlistModule, // creator codes belong to the waitlist (sign-ups use them); staff manage them here
    ContentModule, // resource posts belong to the content module; staff write them here
    AnalyticsModule, // its reports, served to staff here
    TypeOrmModule.forFeature([AdminUser, AdminSession, AdminPasswordReset, StaffInvitation, EarlyAccessCode, EarlyAccessSettings, ApiKey]),
    DomainEventsModule.forFeature({
      projections: [
        EarlyAccessProjection,
        AdmissionsProjection,
        BroadcastsProjection,
        WebhookEndpointsProjection,
        ApiKeysProjection,
        ReferralMilestonesProjection,
        ReportFunnelProjection,
      ],
      consumers: [
        SendPasswordResetEmail,
        SendStaffInvitationEmail,
        ResendEmail,
        SendPrivacyRequestEmail,
        InviteAdmittedMembers,
        SendBroadcastChunk,
        SendBroadcastTest,
        DeliverWebhooks,
        SendWebhookPausedEmail,
        AwardReferralMilestones,
        CatchUpReferralMilestones,
      ],
    }),
  ],
  controllers: [
    AuthController,
    SecondFactorController,
    SecuritySettingsController,
    EarlyAccessController,
    RedeemController,
    CreatorCodesController,
    MailLogController,
    AnalyticsController,
    AdminResourcesController,
    PrivacyController,
    PrivacyRequestsController,
    AdminWaitlistController,
    AdmissionsController,
    WaitlistImportsController,
    BroadcastsController,
    StaffController,
    PasskeysController,
    InvitationsController,
    AuditController,
    WebhooksController,
    ApiKeysController,
    MembersApiController,
    ReferralMilestonesController,
  ],
  providers: [
    ReportFunnelRepository,
    AdminSettings.provider,
    { provide: SessionCookies, useFactory: (config: AppConfig) => new SessionCookies(config.PUBLIC_URL), inject: [APP_CONFIG] },
    { provide: ResetTokens, useFactory: (config: AppConfig) => new ResetTokens(config.APP_SECRET), inject: [APP_CONFIG] },
    { provide: SecondFactorSecrets, useFactory: (config: AppConfig) => new SecondFactorSecrets(config.APP_SECRET), inject: [APP_CONFIG] },
    AdminUsersRepository,
    AdminSessionsRepository,
    PasswordResetsRepository,
    SessionsService,
    AdminSessionGuard,
    SignInLimitsService,
    SecondFactorsRepository,
    SecondFactorService,
    SecondFactorSetupGuard,
    AuthService,
    EarlyAccessRepository,
    EarlyAccessService,
    EarlyAccessPersonalData,
    PrivacyRequestsPersonalData,
    AdmissionsPersonalData,
    SessionAddressesRetention,
    PrivacyService,
    PrivacyRequestsService,
    PrivacyRequestsRetention,
    AdmissionsService,
    MemberViewService,
    WaitlistExportsService,
    InviteAdmittedMembersJob,
    BroadcastsService,
    SendBroadcastChunkJob,
    SendBroadcastTestJob,
    SendPrivacyRequestEmailJob,
    { provide: EARLY_ACCESS_GRANTS, useExisting: EarlyAccessService },
    SendPasswordResetEmailJob,
    ResendEmailJob,
    StaffInvitationsRepository,
    StaffService,
    PasskeysRepository,
    PasskeysService,
    SendStaffInvitationEmailJob,
    AuditService,
    WebhookDeliveries,
    WebhooksService,
    WebhooksPersonalData,
    DeliverWebhooksJob,
    SendWebhookPausedEmailJob,
    ApiKeysRepository,
    ApiKeysService,
    ApiKeyGuard,
    MembersApiService,
    ReferralMilestonesService,
    ReferralMilestonesPersonalData,
    MilestoneAwards,
    AwardReferralMilestonesJob,
    CatchUpReferralMilestonesJob,
    // The member's status page shows the way to their next milestone (the waitlist declares it, the back office owns the milestones).
    { provide: REFERRAL_MILESTONE_LADDER, useExisting: ReferralMilestonesService },
  ],
  exports: [AdminSessionGuard, SessionsService, SessionCookies, AuthService, EarlyAccessService, EARLY_ACCESS_GRANTS, REFERRAL_MILESTONE_LADDER],
})
export class AdminModule {}
