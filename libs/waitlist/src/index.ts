export * from './waitlist.module';
export * from './waitlist.events';
export * from './waitlist.service';
export * from './positions.service';
export * from './email';
export { WelcomeEmail } from './emails/welcome.email';
export { CreatorCodesService } from './creator-codes/creator-codes.service';
export { CREATOR_PLATFORMS } from './creator-codes/creator-codes.events';
export { CreateCreatorCodeDto, CreatorCodeDto, UpdateCreatorCodeDto } from './creator-codes/dto/creator-codes.dto';
