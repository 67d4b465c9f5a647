import { Injectable } from '@nestjs/common';
import { feedbackFromMetrics } from './feedback-rules';
import { ShotData, ShotMetrics } from './shot-feedback';

/** Makes the analysis of a record that came with metrics only. */
@Injectable()
export class ShotFeedbackGenerator {
  async generate(metrics: ShotMetrics): Promise<{ shotData: ShotData; generator: 'rules' | 'model' } | null> {
    const shotData = feedbackFromMetrics(metrics);
    return shotData ? { shotData, generator: 'rules' } : null;
  }
}
