import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, CoachModel, ModelMessage } from '@swishly/platform';
import { z } from 'zod';
import { feedbackFromMetrics, TARGETS } from './feedback-rules';
import { ShotData, ShotMetrics, structuredShotDataSchema } from './shot-feedback';

/** What the model must answer: the three areas in words and 1-5 tips (the rating stays the rules' own). */
// Extra keys in the model's JSON are dropped, not refused (z.object, not the stored shape's strictObject).
const { shotRating: _rating, ...areas } = structuredShotDataSchema.shape;
const modelAnswer = z.object({ ...areas, tips: areas.tips.min(1).max(5) });

/**
 * Makes the analysis of a record that came with metrics only. The rules engine judges the numbers
 * (and gives the rating); with a language model configured, the model writes the words from the
 * same numbers and the rules' findings, in the coach's voice. Any failure of the model (down,
 * slow, an answer that isn't the JSON asked for) falls back to the rules' own words.
 */
@Injectable()
export class ShotFeedbackGenerator {
  private readonly logger = new Logger(ShotFeedbackGenerator.name);

  constructor(
    private readonly model: CoachModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async generate(metrics: ShotMetrics): Promise<{ shotData: ShotData; generator: 'rules' | 'model' } | null> {
    const rules = feedbackFromMetrics(metrics);
    if (!rules) return null;
    if (!this.model.configured) return { shotData: rules, generator: 'rules' };
    try {
      const answer = await this.model.complete(this.prompt(metrics, rules), { maxTokens: 700, temperature: 0.2 });
      const parsed = modelAnswer.safeParse(JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, '')));
      if (parsed.success) return { shotData: { shotRating: rules.shotRating, ...parsed.data }, generator: 'model' };
      this.logger.warn(`The model's feedback was not in the expected form: ${parsed.error.issues[0]?.message}`);
    } catch (error) {
      this.logger.warn(`Feedback from the model failed, the rules' words are used: ${error instanceof Error ? error.message : error}`);
    }
    return { shotData: rules, generator: 'rules' };
  }

  private prompt(metrics: ShotMetrics, rules: Exclude<ShotData, string>): ModelMessage[] {
    const system = [
      `You are ${this.config.BRAND_NAME}, an AI basketball shooting coach. Write a player's shot analysis from the numbers their phone measured.`,
      'Use only the numbers given; never invent a measurement. Speak to the player directly, warmly and concretely.',
      'Answer with JSON only: {"form": string, "release": string, "followThrough": string, "tips": string[] (1 to 5 concrete drills, the biggest problem first)}.',
    ].join('\n');
    const user = JSON.stringify({ measured: metrics, targetRanges: TARGETS, findingsByRules: rules });
    return [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
  }
}
