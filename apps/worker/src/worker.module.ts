import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, PlatformModule, ProcessRole } from '@swishly/platform';
import { BUSINESS_MODULES } from '@swishly/business-modules';

@Module({})
export class WorkerModule {
  /** `worker` consumes the queues; `cli` (replay and other one-off commands) does not. */
  static forRoot(config: AppConfig, role: Extract<ProcessRole, 'worker' | 'cli'> = 'worker'): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ role, config }), ...BUSINESS_MODULES],
    };
  }
}
