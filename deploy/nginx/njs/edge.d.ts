// The types of edge.js for the tests that import it (nginx loads the .js alone).
type Answer = '' | '400' | '403';
declare const edge: {
  refusal(r: { variables: { request_uri?: string } }): Answer;
  decide(rawUrl: string, secret: string, now: number): Answer;
  decidePlain(rawUrl: string, secret: string, now: number): Answer | null;
  decideByRules(rawUrl: string, secret: string, now: number): Answer;
};
export default edge;
