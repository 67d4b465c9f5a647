import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { apiError, setRequestActor } from '@swishly/platform';
import { AdminRequest, AdminSessionGuard } from './admin-session.guard';
import { AdminUsersRepository } from './admin-users.repository';
import { SecondFactorService } from './second-factor.service';
import { PendingSignIn } from './second-factors.repository';
import { SessionCookies } from './session-cookies';

export type SecondFactorSetupRequest = AdminRequest & { pendingSignIn?: PendingSignIn };

/**
 * The authenticator's set-up and confirmation: a live session (as AdminSessionGuard), or a pending
 * sign-in of an account that must set its factor up before it may sign in. These two routes are
 * the only ones a pending sign-in opens. Writes need the CSRF token either way.
 */
@Injectable()
export class SecondFactorSetupGuard implements CanActivate {
  constructor(
    private readonly sessionGuard: AdminSessionGuard,
    private readonly secondFactor: SecondFactorService,
    private readonly users: AdminUsersRepository,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SecondFactorSetupRequest>();
    const active = await this.sessionGuard.findSession(request);
    if (active) {
      this.sessionGuard.assertCsrf(request, active.session);
      return true;
    }
    const pending = await this.secondFactor.findPendingSignIn(request.cookies?.[this.cookies.pendingName]);
    const user = pending?.purpose === 'setup' ? await this.users.findById(pending.userId) : null;
    if (!pending || !user) throw apiError(401, 'Please sign in to continue.', 'unauthenticated');
    this.sessionGuard.assertCsrf(request, pending);
    request.pendingSignIn = pending;
    request.adminUser = user;
    setRequestActor(request, { type: 'admin', id: user.id });
    return true;
  }
}
