import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, PlatformModule } from '@swishly/platform';
import { BUSINESS_MODULES } from '@swishly/business-modules';
import { SiteController } from './site/site.controller';
import { SiteService } from './site/site.service';

@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [PlatformModule.forRoot({ role: 'api', config }), ...BUSINESS_MODULES],
      // Registered last: the fallback that serves the app for every other GET.
      controllers: [SiteController],
      providers: [SiteService],
    };
  }
}
