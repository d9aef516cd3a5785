export default function L(){return null}
