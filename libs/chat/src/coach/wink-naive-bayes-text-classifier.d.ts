// The classifier ships without types: the methods the coach's guard classifier uses.
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[]): number;
    learn(input: string, label: string): boolean;
    consolidate(): boolean;
    /** Each label with its log-odds (base 2) against the others, most likely first. */
    computeOdds(input: string): [string, number][];
    predict(input: string): string;
  }
  export default function naiveBayes(): NaiveBayesTextClassifier;
}
