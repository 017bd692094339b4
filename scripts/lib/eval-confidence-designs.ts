/**
 * The confidence designs section of `npm run eval`: each design of `lib/eval/confidence-designs.ts`
 * (and the shipped one, already scored by the caller) as a reliability table leave-one-source-out
 * and 5-fold pooled, then one summary line per design and scheme.
 */
import {
  engine09Design,
  participantsAsFeatureDesign,
  pessimisticDesign,
  runLengthDesign,
  unfamiliarCapDesign,
} from "../../lib/eval/confidence-designs";
import type { VerdictInput } from "../../lib/eval/learners";
import { kFoldPooled, leaveOneSourceOut, type Item, type Learner, type Scored } from "../../lib/eval/loso";
import { formatDesignSummary, formatReliability, type DesignScores } from "../../lib/eval/loso-report";
import { MODEL } from "../../lib/attribution/model/weights";

export function confidenceDesignsSection(
  verdicts: Item<VerdictInput>[],
  shipped: { loso: Scored[]; kfold: Scored[] },
  log: (s: string) => void,
): DesignScores[] {
  const designs: Learner<VerdictInput, unknown>[] = [
    engine09Design,
    participantsAsFeatureDesign,
    pessimisticDesign(),
    unfamiliarCapDesign(),
    runLengthDesign,
  ];
  const rows: DesignScores[] = [
    { design: "chance floor (shipped)", scheme: "LOSO", scored: shipped.loso },
    { design: "chance floor (shipped)", scheme: "5-fold", scored: shipped.kfold },
  ];
  for (const d of designs) {
    const loso = leaveOneSourceOut(d, verdicts);
    const kfold = kFoldPooled(d, verdicts);
    log(`\n${formatReliability(`confidence design "${d.name}", leave-one-source-out`, loso)}`);
    log(`\n${formatReliability(`confidence design "${d.name}", 5-fold pooled`, kfold)}`);
    rows.push({ design: d.name, scheme: "LOSO", scored: loso }, { design: d.name, scheme: "5-fold", scored: kfold });
  }
  log(`\n${formatDesignSummary(rows, MODEL.undeterminedBelow)}`);
  return rows;
}
