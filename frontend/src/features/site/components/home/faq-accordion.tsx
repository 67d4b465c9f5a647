import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { faqEntries } from '@/content/site-content';
import { withBrand } from '@/lib/brand';
import { faqTriggerClass, FaqChevronBadge } from './faq-parts';

/** Radix accordion, type single + collapsible: one answer open at a time, and it can be closed. */
export default function FaqAccordion({ defaultValue }: { defaultValue?: string }) {
  return (
    <Accordion.Root type="single" collapsible defaultValue={defaultValue} className="divide-y divide-border border-y border-border" data-testid="faq-accordion">
      {faqEntries.map((entry, index) => (
        <Accordion.Item key={entry.question} value={`faq-${index}`}>
          <Accordion.Header className="m-0">
            <Accordion.Trigger className={faqTriggerClass}>
              {withBrand(entry.question)}
              <FaqChevronBadge>
                <ChevronDown className="size-4" />
              </FaqChevronBadge>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="overflow-hidden data-[state=closed]:animate-panel-up data-[state=open]:animate-panel-down">
            <p className="pr-14 pb-6 text-muted text-pretty">{withBrand(entry.answer)}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
